import { SelectField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { usePeriods } from "../api/get-periods";
import type { PeriodChoice, PeriodType } from "../api/types";
import { periodLabel } from "../lib/period-label";

const PERIOD_TYPES = [
  { value: "all", label: "totals" },
  { value: "year", label: "byYear" },
  { value: "month", label: "byMonth" },
  { value: "week", label: "byWeek" },
] as const satisfies readonly { value: PeriodType; label: string }[];

const VALUE_LABEL = {
  year: { label: "year", select: "selectYear" },
  month: { label: "month", select: "selectMonth" },
  week: { label: "week", select: "selectWeek" },
} as const satisfies Record<Exclude<PeriodType, "all">, { label: string; select: string }>;

/** Changing the period type clears the chosen year, month and week. */
export function PeriodSelector({
  choice,
  onChange,
  enabled,
}: {
  choice: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
  enabled: boolean;
}) {
  const periods = usePeriods(enabled && choice.type !== "all");
  const t = useT();
  const options =
    choice.type === "year"
      ? (periods.data?.years ?? []).map((year) => ({ value: String(year), label: String(year) }))
      : // Named in the language showing from the value (the server's labels are English).
        (choice.type === "month" ? (periods.data?.months ?? []) : (periods.data?.weeks ?? [])).map(
          (p) => ({ value: p.value, label: periodLabel(choice.type, p.value) }),
        );
  // A period from the URL that the list does not hold (or not yet) is still shown as chosen.
  if (choice.type !== "all" && choice.value && !options.some((o) => o.value === choice.value)) {
    options.unshift({ value: choice.value, label: periodLabel(choice.type, choice.value) });
  }
  return (
    <div className="flex flex-wrap gap-4">
      <div className="w-48">
        <SelectField
          label={t("reports.timePeriod")}
          value={choice.type}
          onChange={(event) => onChange({ type: event.target.value as PeriodType, value: "" })}
        >
          {PERIOD_TYPES.map((p) => (
            <option key={p.value} value={p.value}>
              {t(`reports.${p.label}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {choice.type !== "all" && (
        <div className="w-56">
          <SelectField
            label={t(`reports.${VALUE_LABEL[choice.type].label}`)}
            value={choice.value}
            error={periods.error ? errorMessage(periods.error) : undefined}
            onChange={(event) => onChange({ type: choice.type, value: event.target.value })}
          >
            <option value="">{t(`reports.${VALUE_LABEL[choice.type].select}`)}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        </div>
      )}
    </div>
  );
}
