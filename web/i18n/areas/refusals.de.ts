/** The German "refusals" part of the catalogue (decision 070): loaded only when German is shown. */
import type { Shape } from "../shape";
import type { en } from "./refusals";

export const de: Shape<typeof en> = {
  reasons: {
    DAILY_DEPOSIT_LIMIT:
      "Einzahlung über dem Tageslimit von {{limit}}\u00a0€: heute noch {{left}}\u00a0€ möglich ({{zone}})",
    SELF_EXCLUDED: "Der Kunde ist gesperrt (Selbstsperre) bis {{until}}",
    MAX_STAKE:
      "Einsatz {{stake}}\u00a0€ liegt über dem Höchsteinsatz des Kunden von {{maxStake}}\u00a0€",
    UNDER_AGE: "Der Kunde ist unter {{minAge}}",
    NO_DATE_OF_BIRTH: "Für den Kunden ist kein Geburtsdatum erfasst",
    INSUFFICIENT_FUNDS:
      "Guthaben reicht nicht: Kontostand {{balance}}\u00a0€, Kreditlimit {{creditLimit}}\u00a0€, verfügbar {{available}}\u00a0€, Einsatz {{stake}}\u00a0€",
    NO_POSITIVE_BALANCE:
      "Auszahlung nicht möglich: Der Kunde hat kein positives Guthaben zum Auszahlen.",
    EXCEEDS_BALANCE:
      "Guthaben reicht nicht: Der Kunde hat {{balance}}\u00a0€ verfügbar. Die Auszahlung von {{amount}}\u00a0€ übersteigt diesen Betrag.",
    CUSTOMER_INACTIVE: "Der Kunde ist inaktiv",
    CUSTOMER_INACTIVE_FOR_BETS: "Der Kunde ist inaktiv und kann keine neuen Wetten abschließen",
    SHOP_INACTIVE: "Die Filiale ist inaktiv",
    SHOP_INACTIVE_FOR_BETS: "Die Filiale ist inaktiv und kann keine Wetten annehmen",
    SHIFT_REQUIRED: "Eine Barwette braucht eine offene Schicht: Öffnen Sie zuerst eine",
    SLIP_SHIFT_REQUIRED:
      "Einen Wettschein auszuzahlen braucht eine offene Schicht: Öffnen Sie zuerst eine",
    CASH_SHIFT_REQUIRED:
      "Öffnen Sie zuerst eine Schicht in {{shop}}: Ein- und Auszahlungen brauchen eine offene Schicht",
    SHIFT_AT_OTHER_SHOP:
      "Ihre offene Schicht ist in {{shiftShop}}: Eine Barwette wird in der Filiale Ihrer offenen Schicht angenommen",
    CASH_AT_OTHER_SHOP:
      "Ihre offene Schicht ist in {{shiftShop}}, nicht in {{shop}}: Bargeld kann nur in der Filiale Ihrer offenen Schicht angenommen werden",
    SHIFT_ALREADY_OPEN:
      "Sie haben bereits eine offene Schicht in {{shiftShop}} (#{{shiftId}}); schließen Sie sie zuerst",
    SHOP_HAS_OPEN_SHIFTS:
      "Schließen Sie zuerst die offenen Schichten dieser Filiale ({{shiftIds}}): Eine Filiale wird deaktiviert, wenn ihre Kassen abgerechnet sind",
    SHIFT_CLOSED: "Diese Schicht ist bereits geschlossen",
    SHIFT_CLOSED_TILL: "Diese Schicht ist geschlossen: Ihre Kasse kann sich nicht mehr ändern",
    PICKUP_ABOVE_EXPECTED:
      "Eine Abschöpfung darf den erwarteten Kassenbestand nicht übersteigen ({{expected}}\u00a0€)",
    TILL_SHORT:
      "Dieser Wettschein zahlt {{amount}}\u00a0€ aus, in der Kasse sollten aber nur {{expected}}\u00a0€ sein: Füllen Sie die Kasse zuerst auf",
    WITHDRAWAL_TILL_SHORT:
      "Diese Auszahlung zahlt {{amount}}\u00a0€ aus, in der Kasse sollten aber nur {{expected}}\u00a0€ sein: Füllen Sie die Kasse zuerst auf",
    TOKEN_NO_TILL:
      "Ein API-Token hat keine Kasse: Bargeld nimmt und zahlt eine Person mit offener Schicht",
    NOT_EACH_WAY: "Nur eine Each-Way-Wette kann als Platziert abgerechnet werden",
    NOT_EACH_WAY_PLACE: "Nur eine Each-Way-Wette hat einen Platzteil für ein totes Rennen",
    SETTLEMENT_PAYS_NOTHING:
      "Nach diesen Bedingungen bleibt nichts auszuzahlen (0,00 €): rechnen Sie die Wette als Verloren ab",
    BET_NOT_PENDING: "Nur eine offene Wette kann abgerechnet werden; diese Wette ist {{status}}",
    SLIP_ACCOUNT_BET:
      "Eine Kontowette wird dem Guthaben des Kunden gutgeschrieben, nicht auf dem Wettschein ausgezahlt",
    SLIP_ALREADY_PAID:
      "Wettschein bereits ausgezahlt: {{amount}}\u00a0€ am {{paidAt}} in {{shop}} von {{paidBy}}",
    SLIP_NOT_SETTLED: "Diese Wette ist noch nicht abgerechnet: nichts auszuzahlen",
    SLIP_LOST: "Diese Wette hat verloren: nichts auszuzahlen",
    ALREADY_REVERSED: "Buchung #{{transactionId}} wurde bereits storniert",
    REVERSAL_OF_REVERSAL:
      "Buchung #{{transactionId}} ist selbst die Stornierung von #{{reversalOfId}} und kann nicht storniert werden",
    NOT_REVERSIBLE:
      "Buchungen der Art {{type}} gehören zu Wette #{{betId}} und folgen ihrer Abrechnung; nur Einzahlungen, Auszahlungen und Umbuchungen können storniert werden",
    NOT_COMPLETED:
      "Nur eine gebuchte Buchung kann storniert werden; #{{transactionId}} ist {{status}}",
    RESETTLE_PENDING:
      "Wette #{{betId}} ist offen: Rechnen Sie sie als Gewonnen, Verloren oder Storno ab; nur eine abgerechnete Wette kann neu abgerechnet werden",
    RESETTLE_SAME: "Wette #{{betId}} ist bereits {{status}}",
    RESETTLE_SLIP_PAID:
      "Wette #{{betId}} ist eine Barwette, deren Wettschein ausgezahlt ist: Ihr Ergebnis kann sich nicht mehr ändern",
    RESETTLE_CHANGED:
      "Wette #{{betId}} wurde inzwischen neu abgerechnet: Sie ist jetzt {{status}}; lassen Sie sich die Neuabrechnung erneut anzeigen",
    USERNAME_TAKEN: "Der Benutzername „{{username}}“ ist bereits vergeben",
    LAST_ADMIN_DEMOTE:
      "Dem letzten Admin kann die Admin-Rolle nicht entzogen werden; machen Sie zuerst einen anderen Benutzer zum Admin",
    LAST_ADMIN_DISABLE:
      "Der letzte Admin kann nicht gesperrt werden; machen Sie zuerst einen anderen Benutzer zum Admin",
    OWN_ACCOUNT_DISABLE: "Ihr eigenes Konto können Sie nicht sperren",
    ADMIN_FOR_LARGE_SETTLEMENT:
      "Eine Wette, die {{largeAmount}}\u00a0€ oder mehr auszahlt, kann nur ein Admin abrechnen",
    ADMIN_FOR_LARGE_PAYMENT: "{{largeAmount}}\u00a0€ oder mehr kann nur ein Admin auszahlen",
    ADMIN_FOR_CASH_BET: "Eine Barwette über {{maxStake}}\u00a0€ kann nur ein Admin annehmen",
    ADMIN_FOR_OUTCOME: "Eine Wette mit Ergebnis kann nur ein Admin erfassen",
    ADMIN_FOR_OVERCREDIT: "Nur Admins dürfen eine Überziehung des Kreditlimits erlauben",
    ADMIN_FOR_OVERDRAFT: "Nur ein Admin darf das Überziehen erlauben",
    ADMIN_FOR_CREDIT_LIMIT: "Ein Kreditlimit über {{cap}}\u00a0€ kann nur ein Admin setzen",
    ADMIN_FOR_EXCLUSION_END: "Eine Selbstsperre verkürzen oder beenden kann nur ein Admin",
  },
  formerUser: "einem ehemaligen Benutzer",
  withEnglish: "{{message}} ({{english}})",
};
