/** Text messages on screen: a person's messages (a tab of their record, a card of their own profile) and the month's summary. */
export { MyTextMessages } from './my-text-messages';
export { SmsMessagesTab } from './sms-messages-tab';
export { SmsMonthSummary } from './sms-month-summary';
