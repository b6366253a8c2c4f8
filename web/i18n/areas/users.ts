/**
 * The "users" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./users.de.ts. Keys are used as t("users.<key>").
 */

import { addEnglishArea } from "../instance";

export const en = {
  access: {
    admin: "Full system administration access",
    user: "Standard user access to betting operations",
    customer: "Customer access only",
  },
  status: {
    active: "Active",
    disabled: "Disabled",
    mustChangePassword: "Must change password",
    locked: "Locked",
    never: "Never",
  },
  detail: {
    loading: "Loading user...",
    notFound: "User Not Found",
    backToDashboard: "Back to Dashboard",
    loadError: "Error Loading User",
    loadErrorText: "There was an error loading the user's details. Please try again.",
    information: "User Information",
    username: "Username",
    role: "Role",
    created: "Created",
    unknown: "Unknown",
    status: "Status",
    lastSignIn: "Last sign-in",
    systemAccess: "System Access",
    userId: "User ID",
  },
  sessions: {
    title: "Your sessions",
    intro:
      "Where you are signed in. End a session you do not recognise, then change your password.",
    loading: "Loading sessions...",
    loadFailed: "Could not load your sessions.",
    browser: "Browser",
    device: "{{browser}} on {{system}}",
    unknownBrowser: "Unknown browser",
    /** An unknown browser inside a sentence (endTitle, endLabel, ended). */
    anUnknownBrowser: "an unknown browser",
    address: "Address",
    signedIn: "Signed in",
    lastSeen: "Last seen",
    action: "Action",
    unknownAddress: "Unknown address",
    unknown: "Unknown",
    anUnknownAddress: "an unknown address",
    addressLastSeen: "{{address}}, last seen {{time}}",
    thisSession: "This session",
    end: "End",
    endLabel: "End the session on {{browser}} from {{address}}, signed in {{time}}",
    endTitle: "End the session on {{browser}}?",
    endText:
      "Signed in {{time}} from {{address}}. That browser is signed out at once. Confirm with your password.",
    yourPassword: "Your password",
    endSession: "End session",
    ending: "Ending...",
    ended: "The session on {{browser}} is signed out.",
    endAll: "End all sessions",
    endAllTitle: "End all sessions of {{username}}?",
    endAllSelf: "You are signed out everywhere else; this session stays.",
    endAllOther:
      "{{username}} is signed out on every device now and has to sign in again. The account stays enabled and its password unchanged.",
    endedAll_one: "1 session of {{username}} ended.",
    endedAll_other: "{{count}} sessions of {{username}} ended.",
  },
} as const;

addEnglishArea("users", en);
