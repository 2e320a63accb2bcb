/** What other modules may use of campaigns: the service type (reached through `services.campaigns`). */
export type { CampaignService } from './service.ts';
