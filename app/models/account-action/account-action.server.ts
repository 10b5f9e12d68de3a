// An account's moderation (ADR 052): what moderators do to it, what that withdraws and restores, and the person page.
export {
  type AccountActionContext,
  actOnAccount,
  NOTHING_TO_LIFT,
  PERSON_NOT_FOUND,
  SUSPENDED_FIRST,
} from "./act.server";
export { type Appealable, fileAppeal, findAppealable, NOTHING_TO_APPEAL } from "./appeal.server";
export { type PersonRecord, personRecord } from "./record.server";
export { endExpiredRestrictions } from "./withdrawals.server";
