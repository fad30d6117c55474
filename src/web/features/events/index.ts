/** Excel Beyond Events (/events): every signed-in user browses and registers; program officers and above organise. */
export { EventsPage } from './events-page';
