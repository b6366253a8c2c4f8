import { useMemo } from "react";
import { errorMessage, isNetworkError, type NetworkError } from "./api-client";
import { useToast } from "./toast";

/**
 * What a write that got no answer tells the cashier: the server may have recorded it before
 * the connection dropped, so it is neither "failed" nor "done". A write that carried an
 * Idempotency-Key can be retried from the same dialog: the key is reused, so the server
 * records it at most once.
 */
export function networkFailureText(error: NetworkError): string {
  if (error.method === "GET")
    return "Could not reach the server. Check the connection and try again.";
  const recorded = "The server could not be reached, so this may or may not have been recorded.";
  if (error.idempotencyKey) {
    return `${recorded} Retrying from the same dialog reuses the same Idempotency-Key, so it cannot be recorded twice.`;
  }
  return `${recorded} Check before trying again.`;
}

/** The SPEC's mutation toasts: 'Success' + text, or a destructive 'Error' + server message. */
export function useNotify() {
  const { toast } = useToast();
  return useMemo(
    () => ({
      success: (description: string, title = "Success") => toast({ title, description }),
      error: (error: unknown, fallback?: string) =>
        isNetworkError(error)
          ? toast({
              title: "No answer from the server",
              description: networkFailureText(error),
              variant: "destructive",
            })
          : toast({
              title: "Error",
              description: errorMessage(error, fallback),
              variant: "destructive",
            }),
      block: (title: string, description: string) =>
        toast({ title, description, variant: "destructive" }),
    }),
    [toast],
  );
}
