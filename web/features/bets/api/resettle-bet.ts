import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { ApiError, type BodyOf, call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { BET_KEYS } from "./place-bet";
import "../../../i18n/areas/bets";

/** The re-settlement's body as the contract declares its wire format. */
export type ResettleBody = BodyOf<"resettleBet">;

/** What re-settling would write and do to each balance: the server's dry run, nothing written. */
export const previewResettlement = ({ id, body }: { id: number; body: ResettleBody }) =>
  call("resettleBet", { params: { id }, body: { ...body, dryRun: true } });

export const resettleBet = ({ id, body, key }: { id: number; body: ResettleBody; key: string }) =>
  call("resettleBet", {
    params: { id },
    body: { ...body, dryRun: false },
    headers: { "Idempotency-Key": key },
  });

/** The dry run: asked by the dialog's "Preview"; a refusal is shown in the dialog. */
export const usePreviewResettlement = () => useMutation({ mutationFn: previewResettlement });

/** The real one: refreshes the bet, its history, the lists and the balances it moved. */
export function useResettleBet() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: resettleBet,
    onSuccess: (answer) => {
      notify.success(
        i18n.t("bets.toast.resettled", {
          id: answer.bet.id,
          status: i18n.t(`bets.status.${answer.bet.status}`),
        }),
      );
      for (const key of BET_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => {
      notify.error(error);
      // Refused as settled otherwise meanwhile (decision 094): show the bet as it now is.
      if (error instanceof ApiError && error.reason === "RESETTLE_CHANGED") {
        for (const key of BET_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}

/** A bet's earlier outcomes (under "/api/bets", so a change to bets refreshes it). */
export const betSettlementsQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/bets", id, "settlements"],
    queryFn: ({ signal }) => call("listBetSettlements", { params: { id }, signal }),
  });

export const useBetSettlements = (id: number) => useQuery(betSettlementsQuery(id));
