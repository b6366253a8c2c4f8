/**
 * The minimum age on the server (issue 20, item 6; docs/decisions/041-minimum-age.md): who may
 * be recorded as a customer, and who may bet or deposit. Counted on the business date
 * (rules.timeZone: BUSINESS_TIMEZONE, decision 062) of the operation's time (Op.now).
 */
import { ageOn, DEFAULT_MIN_AGE } from "../../domain/age";
import type { AgeRules } from "../../lib/http";
import { refuse } from "../../lib/refusals";

/** MIN_AGE 18 and the date of birth optional (the SPEC's), unless the deployment says otherwise. */
export const DEFAULT_AGE_RULES: AgeRules = { minAge: DEFAULT_MIN_AGE, requireDateOfBirth: false };

/** A customer created or edited with a date of birth must be of age on that day. */
export function assertDateOfBirthOfAge(
  dateOfBirth: string | null | undefined,
  now: number,
  rules: AgeRules = DEFAULT_AGE_RULES,
): void {
  if (!dateOfBirth) return;
  if (ageOn(dateOfBirth, now, rules.timeZone) < rules.minAge) {
    throw refuse("UNDER_AGE", { minAge: rules.minAge }, (message) => ({ dateOfBirth: message }));
  }
}

/**
 * A bet or a deposit: refused for a customer under age, and with REQUIRE_DATE_OF_BIRTH for one
 * without a date of birth (a record kept from before the rule, or from a bulk load).
 * Withdrawals never ask: a customer's own money always goes back.
 */
export function assertMayGamble(
  customer: { dateOfBirth: string | null },
  now: number,
  rules: AgeRules = DEFAULT_AGE_RULES,
): void {
  if (customer.dateOfBirth === null) {
    if (rules.requireDateOfBirth) throw refuse("NO_DATE_OF_BIRTH", {});
    return;
  }
  if (ageOn(customer.dateOfBirth, now, rules.timeZone) < rules.minAge) {
    throw refuse("UNDER_AGE", { minAge: rules.minAge });
  }
}
