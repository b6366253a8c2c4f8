/**
 * The "ui" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./ui.de.ts. Keys are used as t("ui.<key>").
 */

import { addEnglishArea } from "../instance";

export const en = {
  accessDenied: "Access Denied",
  loading: "Loading",
  retry: "Retry",
  close: "Close",
  notifications: "Notifications (F8)",
  history: "History",
  historyOf: "History of {{name}}",
  exportCsv: "Export CSV",
  staff: "Staff",
  cash: "Cash",
  customerId: "Customer ID: {{id}}",
  shopId: "Shop ID: {{id}}",
  active: "Active",
  inactive: "Inactive",
  /** The shell's shift control and the shift words the shift screens share. */
  shift: {
    shopInText: "shop #{{id}}",
    pickup: "Pick-up",
    topup: "Top-up",
    openShift: "Open shift",
    closeShift: "Close shift",
    label: "Shift",
    /** The open shift's full line (the sidebar may wrap or cut its text): shop and start. */
    openAtSince: "Open at {{shop}}, opened {{time}}",
    openAt: "Open at {{shop}}",
    noOpenShift: "No open shift",
  },
  /** The working shop (the shell's choice and its dialog). */
  workingShop: {
    title: "Working shop",
    noneChosen: "None chosen",
    choose: "Choose",
    change: "Change",
    ask: "Which shop are you working at? It is chosen first in every bet and payment.",
    chooseShop: "Choose shop",
    notNow: "Not now",
    explain:
      "Bets, deposits and withdrawals start with this shop chosen; you can still change it in each of them.",
    required: "Shop is required",
    save: "Save",
    saving: "Saving...",
    saved: "Working shop saved",
    failed: "Failed to save the working shop",
  },
  /** The roles' names (the sidebar, user pages, tokens): in the shell, so here, not in users. */
  roles: {
    admin: "Admin",
    user: "User",
    customer: "Customer",
  },
  /** Bet statuses on badges: English shows the codes themselves. */
  betStatus: {
    PENDING: "PENDING",
    WON: "WON",
    PLACED: "PLACED",
    LOST: "LOST",
    VOID: "VOID",
  },
  transactionStatus: {
    COMPLETED: "COMPLETED",
    PENDING: "PENDING",
    FAILED: "FAILED",
  },
  /** A ledger row's type wherever it shows: English shows the codes themselves (SPEC). */
  transactionType: {
    DEPOSIT: "DEPOSIT",
    WITHDRAWAL: "WITHDRAWAL",
    TRANSFER: "TRANSFER",
    BETTING: "BETTING",
    PAYOUT: "PAYOUT",
    REFUND: "REFUND",
  },
  /** A ledger side with no name to link, 'TYPE (id)' (SPEC): English shows the code. */
  entityType: {
    CUSTOMER: "CUSTOMER",
    SHOP: "SHOP",
    USER: "USER",
    CASH: "CASH",
  },
  live: {
    live: "Live",
    liveTitle: "Changes from other tills appear at once",
    connecting: "Connecting",
    connectingTitle: "Connecting to live updates",
    offline: "Reconnecting",
    offlineTitle: "Live updates lost: reconnecting (screens refresh when it is back)",
  },
  offline: {
    label: "Offline:",
    text: "the server cannot be reached. Your screens refresh by themselves when it is back.",
  },
  errorBoundary: {
    notLoaded: "This screen could not be loaded",
    notLoadedText:
      "The server did not answer. Check the connection; the screen loads by itself when the server is back.",
    failedText: "An unexpected error stopped this screen. Retrying usually helps.",
  },
  notFound: {
    title: "Page Not Found",
    heading: "404 Page Not Found",
    text: "Did you forget to add the page to the router?",
  },
  correction: {
    rows: "Ledger rows it writes",
    row: "<type>{{type}}</type> <amount>{{amount}}</amount> from {{from}} to {{to}}",
    balances: "Balances",
    noBalances: "No stored balance changes.",
    theCustomer: "the customer {{name}}",
    theTill: "the till of {{name}}",
    takes: "This takes {{who}} to {{after}} (from {{before}}).",
    beyondLimit: "Beyond the credit limit of {{limit}}.",
    withinLimit: "Below zero, within the credit limit of {{limit}}.",
    tillBelowZero: "The till goes below zero.",
    tillTakes:
      "This takes the expected cash of shift #{{shift}} ({{cashier}} at {{shop}}, still open) to {{after}} (from {{before}}).",
    party: "{{type}} #{{id}}",
    partyType: {
      CUSTOMER: "customer",
      SHOP: "shop",
      USER: "user",
      CASH: "cash",
    },
  },
  combobox: {
    placeholder: "Type to search...",
    results: "{{label}} results",
    searching: "Searching...",
    noMatches: "No matches",
    chooseFromList: "Choose a {{label}} from the list",
    finding: 'Finding the {{label}} "{{typed}}" before sending...',
  },
  dialog: {
    refused_one: "Not saved: {{count}} field to correct",
    refused_other: "Not saved: {{count}} fields to correct",
    checkField: "Check this field",
  },
  password: {
    strength: "Password strength",
    nothingTyped: "Nothing typed yet",
    checking: "Checking strength...",
    verdict: "{{strength}} password",
    score: {
      "0": "Very weak",
      "1": "Weak",
      "2": "Fair",
      "3": "Strong",
      "4": "Very strong",
    },
  },
  filters: {
    all: "All",
    from: "From",
    to: "To",
    clear: "Clear filters",
    fromAfterTo: "From is after To",
    shop: "Shop",
    allShops: "All shops",
    cashier: "Cashier",
    allCashiers: "All cashiers",
  },
  table: {
    search: "Search",
    searchPlaceholder: "Search...",
    failedToLoad: "Failed to load",
    pastEnd: "This page is past the end of the list.",
    results: "Results",
    pagination: "Pagination",
    previous: "Previous",
    next: "Next",
    last: "Last",
    filtersAndSort: "Filters and sort",
    filtersAndSortFiltered: "Filters and sort (filtered)",
    sortBy: "Sort by",
    defaultOrder: "Default order",
    ascending: "{{label}} (ascending)",
    descending: "{{label}} (descending)",
    range: "{{from}}–{{to}} of {{total}}",
    rangeCapped: "{{from}}–{{to}} of {{total}}+",
    lastRows: "Last {{shown}} of {{total}}+",
    rangeFromEnd: "{{from}}–{{to}} from the end: {{shown}} of {{total}}+",
    noRowsCapped: "No rows from {{from}}: fewer than that match",
    noRows: "No rows from {{from}}: {{total}} match",
    page: "Page {{page}}",
    pageOf: "Page {{page}} of {{pages}}",
    pageOfCapped: "Page {{page}} of {{pages}}+",
    lastPage: "Last page",
    pageFromEnd: "Page {{page}} from the end",
  },
  age: {
    justNow: "Just now",
    /** After other words ("Checked Just now"): as it stands in English. */
    justNowInSentence: "Just now",
    minutes_one: "{{count}} minute ago",
    minutes_other: "{{count}} minutes ago",
    hours_one: "{{count}} hour ago",
    hours_other: "{{count}} hours ago",
    days_one: "{{count}} day ago",
    days_other: "{{count}} days ago",
  },
  network: {
    unreachable: "Could not reach the server",
  },
} as const;

addEnglishArea("ui", en);
