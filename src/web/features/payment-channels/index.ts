export { StudentPaymentChannels } from './student-payment-channels';
