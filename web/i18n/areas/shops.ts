/**
 * The "shops" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./shops.de.ts. Keys are used as t("shops.<key>").
 */

import { addEnglishArea } from "../instance";

export const en = {
  title: "Shops",
  notAvailable: "N/A",
  addShop: "Add Shop",
  edit: "Edit",
  detail: {
    loading: "Loading shop details...",
    notFound: "Shop Not Found",
    backToShops: "Back to Shops",
    errorTitle: "Error Loading Shop",
    errorText: "There was an error loading the shop details. Please try again.",
    information: "Shop Information",
    name: "Name",
    location: "Location",
    address: "Address",
    phone: "Phone",
    balance: "Shop Balance",
    totalStakes: "Total Stakes",
    potentialPayouts: "Potential Payouts",
    performance: "Performance Summary",
    totalBets: "Total Bets",
    activeBets: "Active Bets",
    wonBets: "Won Bets",
    placedBets: "Placed Bets",
    lostBets: "Lost Bets",
    voidBets: "Void Bets",
    winRate: "Win Rate",
    established: "Established",
  },
  form: {
    addTitle: "Add New Shop",
    editTitle: "Edit Shop",
    name: "Shop Name *",
    location: "Location *",
    address: "Address",
    phone: "Phone",
    active: "Shop is active and can accept bets",
    create: "Create Shop",
    creating: "Creating...",
    save: "Save Changes",
    saving: "Saving...",
    created: "Shop created successfully",
    updated: "Shop updated successfully",
  },
  table: {
    name: "Shop Name",
    location: "Location",
    address: "Address",
    phone: "Phone",
    balance: "Balance",
    status: "Status",
    notShown: "Not shown",
    loading: "Loading shops...",
    empty: "No shops found",
  },
} as const;

addEnglishArea("shops", en);
