/** Student Profiles (/profiles): full profile records as a card grid with view and form modes. */
export { StudentProfilesPage } from './profiles-page';
