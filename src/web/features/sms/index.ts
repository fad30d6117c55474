/** Text messages on screen: a person's messages (a tab of their record) and the month's summary. */
export { SmsMessagesTab } from './sms-messages-tab';
export { SmsMonthSummary } from './sms-month-summary';
