import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, int, z } from '../schema.ts';

/** done / success, in progress, failed (spec §4). */
export const INVITATION_STATES = ['success', 'progress', 'failed'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitation = z.object({
  id: int(),
  /** The friend, masked for privacy. */
  friend: z.string(),
  status: z.enum(INVITATION_STATES),
  invitedAt: z.string(),
  expiresAt: z.string(),
  rewardCents: cents(),
  settledAt: z.nullable(z.string()),
});
export type Invitation = z.infer<typeof invitation>;

export const inviteSummary = z.object({
  code: z.string(),
  /** The shop's path a friend opens (it leads to registration, then binds), for the link and the poster. */
  path: z.string(),
  rewardPerFriendCents: cents(),
  rewardCapCents: cents(),
  validDays: int(),
  earnedCents: cents(),
  successCount: int(),
  progressCount: int(),
  failedCount: int(),
});
export type InviteSummary = z.infer<typeof inviteSummary>;

const listCall = <P extends string>(path: P, summary: string) =>
  defineCall({
    method: 'GET',
    path,
    auth: 'user',
    summary,
    tag: 'invitations',
    query: z.object({ ...pageQuery }),
    data: pageSchema(invitation),
  });

export const queryAwardAndProcess = defineCall({
  method: 'GET',
  path: '/v1/customer/queryawardandprocess',
  auth: 'user',
  summary: 'The shopper’s invite code, rules and reward totals',
  tag: 'invitations',
  data: inviteSummary,
});
export const queryAwardsList = listCall('/v1/customer/queryawardslist', 'Every invitation, newest first');
export const queryAwardList = listCall('/v1/customer/queryawardlist', 'Invitations that earned a reward (done)');
export const queryProcessList = listCall('/v1/customer/queryprocesslist', 'Invitations in progress');
export const queryFailedList = listCall(
  '/v1/customer/queryfailedlist',
  'Invitations that failed (no first order within 30 days)',
);

export const shareBind = defineCall({
  method: 'POST',
  path: '/v1/customer/sharebind',
  auth: 'user',
  summary:
    'Binds the signed-in new shopper to the friend who invited them (called after registration; no error toasts)',
  tag: 'invitations',
  body: z.object({ inviteCode: z.string().check(z.minLength(1), z.maxLength(20)) }),
  data: z.object({ bound: z.boolean(), expiresAt: z.string() }),
});
