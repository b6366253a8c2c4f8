import { useMemo } from "react";
import { i18n } from "../i18n";
import { errorMessage, isNetworkError, type NetworkError } from "./api-client";
import { useToast } from "./toast";

/**
 * What a write that got no answer tells the cashier: the server may have recorded it before
 * the connection dropped, so it is neither "failed" nor "done". A write that carried an
 * Idempotency-Key can be retried from the same dialog: the key is reused, so the server
 * records it at most once.
 */
export function networkFailureText(error: NetworkError): string {
  if (error.method === "GET") return i18n.t("errors.noAnswerRead");
  const recorded = i18n.t("errors.noAnswerWrite");
  if (error.idempotencyKey) return `${recorded} ${i18n.t("errors.noAnswerRetry")}`;
  return `${recorded} ${i18n.t("errors.noAnswerCheck")}`;
}

/** The SPEC's mutation toasts: 'Success' + text, or a destructive 'Error' + server message. */
export function useNotify() {
  const { toast } = useToast();
  return useMemo(
    () => ({
      success: (description: string, title: string = i18n.t("notify.success")) =>
        toast({ title, description }),
      error: (error: unknown, fallback?: string) =>
        isNetworkError(error)
          ? toast({
              title: i18n.t("errors.noAnswerTitle"),
              description: networkFailureText(error),
              variant: "destructive",
            })
          : toast({
              title: i18n.t("errors.title"),
              description: errorMessage(error, fallback),
              variant: "destructive",
            }),
      block: (title: string, description: string) =>
        toast({ title, description, variant: "destructive" }),
    }),
    [toast],
  );
}
