/**
 * The "validation" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("validation.<key>").
 *
 * The form's field messages come from the zod schemas shared with the server
 * (src/domain/schemas.ts), whose English stays for API clients: each English message here is
 * a template the schema's message is matched against (web/lib/validation.ts), `{{label}}`
 * being a field's name from `labels`.
 */

import { addEnglishArea } from "../instance";

export const en = {
  messages: {
    required: "{{label}} is required",
    requiredPlural: "{{label}} are required",
    tooLongAtMost: "{{label}} is too long (at most {{max}} characters)",
    tooLong: "{{label}} is too long",
    positiveWholeNumber: "{{label}} must be a positive whole number",
    positiveNumber: "{{label}} must be a positive number",
    atLeastCent: "{{label}} must be at least 0.01",
    zeroOrMore: "{{label}} must be 0 or more",
    text: "{{label}} must be text",
    trueOrFalse: "{{label}} must be true or false",
    controlCharacter: "{{label}} must not contain a control character ({{code}})",
    directionControl: "{{label}} must not contain a text-direction control ({{code}})",
    atLeastCharacters: "{{label}} must be at least {{min}} characters",
    oneOf: "{{label}} must be one of: {{values}}",
    oddsRequired: "Odds are required",
    reasonResettlement: "Reason is required for a re-settlement",
    reasonReversal: "Reason is required for a reversal",
    voidReason: "Please provide a reason for voiding this bet",
    customerLogin: "Customer is required for a customer login",
    onlyCustomerLogin: "Only a customer login belongs to a customer",
    cashBetNoCustomer: "A cash bet has no customer: leave the customer out",
    transferShop: "A transfer must move cash in or out of a shop",
    transferParties: "A transfer needs two different parties",
    onlyTransfer: "Only TRANSFER transactions can be created directly",
    fromEntityType: "From entity type must be SHOP or USER",
    toEntityType: "To entity type must be SHOP or USER",
    dateOfBirth: "Date of birth must be a date (YYYY-MM-DD)",
    selfExcluded: "Self-excluded until must be a date (YYYY-MM-DD) or a date and time",
    expiry: "Expiry must be a date and time (ISO 8601)",
    invalidEmail: "Invalid email",
    nothingToUpdate: "Nothing to update",
    eachWayPlaces: "Each-way places must be a whole number from 2 to 8",
    eachWayFraction: 'Each-way fraction must be "1/4" or "1/5"',
    payment: 'Payment must be "account" or "cash"',
    outcome: "Outcome must be PENDING, WON, PLACED, LOST or VOID",
    settledStatus: "Status must be WON, PLACED, LOST or VOID",
    // Dead heats and Rule 4 of a settlement (decision 084).
    deadHeatObject: "Dead heat must be an object with win and place",
    termsOnlyPaying: "Only a Won or Placed settlement has a dead heat or a Rule 4 deduction",
    rule4Range: "Rule 4 deduction must be a whole number of cents from {{min}} to {{max}}",
    deadHeatFraction: 'Dead heat must be a fraction such as "1/2"',
    deadHeatRunners: "Dead heat must be shared by 2 to {{max}} runners",
    deadHeatShare: "Dead heat must keep less than the whole stake (1/2, 2/3…)",
    deadHeatWinOnly: "Only a Won settlement has a win part to dead-heat",
    roleAny: "Role must be admin, user or customer",
    roleStaff: "Role must be user or admin",
    kindTill: "Kind must be pickup or topup",
    oddsFormat: "Odds format must be decimal or fractional",
    notANumber: "Not a number",
    notAPrice: "Not a price",
    tooLarge: "Too large",
    atMostTwoDecimals: "At most 2 decimal places",
    oddsMin: "Odds must be at least 1.01",
    oddsMinFraction: "Odds must be at least 1/100 (1.01)",
    oddsMax: "Odds must be at most 1000.00",
    oddsMaxFraction: "Odds must be at most 999/1 (1000.00)",
    denominator: "The price's denominator must be at least 1",
    passwordBlank: "The password must not be only spaces",
    passwordUsername: "The password must not contain the username",
    passwordCommon:
      "This password is too common: it is on a list of passwords that attackers try first",
    passwordGuessable: "This password is too easy to guess",
    // Written by the server's services under a field, outside the schemas (a wrong current
    // password, a session's or Delete All's password, an API token's expiry): held to the
    // server's source by web/lib/validation.test.tsx.
    incorrect: "{{label}} is incorrect",
    newPasswordSame: "New password must differ from the current one",
    deleteAllPassword: "The password is not correct; nothing was deleted",
    expiryPast: "Expiry must be in the future",
  },
  /** Field names inside the messages ({{label}}), as the schemas spell them. */
  labels: {
    active: "Active",
    address: "Address",
    allowOvercredit: "Allow overcredit",
    allowOverdraft: "Allow overdraft",
    amount: "Amount",
    countedCash: "Counted cash",
    creditLimit: "Credit limit",
    currentPassword: "Current password",
    customer: "Customer",
    dailyDepositLimit: "Daily deposit limit",
    description: "Description",
    disabled: "disabled",
    dryRun: "Dry run",
    entityTypeAndId: "Entity type and ID",
    firstName: "First name",
    fromEntityId: "From entity ID",
    kind: "Kind",
    language: "Language",
    lastName: "Last name",
    location: "Location",
    maxStake: "Max stake",
    name: "Name",
    newPassword: "New password",
    note: "Note",
    odds: "Odds",
    openingFloat: "Opening float",
    password: "Password",
    phone: "Phone",
    reason: "Reason",
    result: "Result",
    shop: "Shop",
    shopName: "Shop name",
    stakeAmount: "Stake amount",
    toEntityId: "To entity ID",
    transactionId: "Transaction ID",
    username: "Username",
    usernameAndPassword: "Username and password",
    voidReason: "Void reason",
  },
} as const;

addEnglishArea("validation", en);
