/** What other modules may use of partners (the console's page): the service type, the row type and its view. */
export { type PartnerRow, type PartnerService, partnerView } from './service.ts';
