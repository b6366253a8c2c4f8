import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { PriceFormat } from "../../../../src/domain/price";
import { SelectField } from "../../../components/ui/field";
import { Panel } from "../../../components/ui/page-header";
import { currentUserAtom } from "../../../lib/session";
import { settingsQuery } from "../../../lib/settings";
import { useSetOddsFormat } from "../api/preferences";

const LABEL: Record<PriceFormat, string> = {
  decimal: "Decimal (3.50)",
  fractional: "Fractional (5/2)",
};

/**
 * On the user's own page (issue 21, decision 048): how bet lists and details show prices.
 * "Shop default" follows the operator's ODDS_FORMAT; a slip always shows the price as taken.
 */
export function OddsPreference() {
  const me = useAtomValue(currentUserAtom);
  const { data: settings } = useQuery(settingsQuery);
  const save = useSetOddsFormat();
  const operator = settings?.oddsFormat ?? "decimal";
  return (
    <Panel title="Prices" className="mt-6 max-w-2xl">
      <SelectField
        label="Show odds as"
        value={me?.oddsFormat ?? ""}
        disabled={save.isPending}
        onChange={(e) =>
          save.mutate(e.target.value === "" ? null : (e.target.value as PriceFormat))
        }
      >
        <option value="">Shop default: {LABEL[operator]}</option>
        <option value="decimal">{LABEL.decimal}</option>
        <option value="fractional">{LABEL.fractional}</option>
      </SelectField>
    </Panel>
  );
}
