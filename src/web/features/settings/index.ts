/** System Settings (/settings): admins edit the settings document and manage backups. */
export { SettingsPage } from './settings-page';
