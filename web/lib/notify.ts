import { useMemo } from "react";
import { errorMessage } from "./api-client";
import { useToast } from "./toast";

/** The SPEC's mutation toasts: 'Success' + text, or a destructive 'Error' + server message. */
export function useNotify() {
  const { toast } = useToast();
  return useMemo(
    () => ({
      success: (description: string, title = "Success") => toast({ title, description }),
      error: (error: unknown, fallback?: string) =>
        toast({
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
