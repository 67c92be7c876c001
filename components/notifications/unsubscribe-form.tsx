"use client";

import { useActionState } from "react";
import { unsubscribeAction } from "@/app/unsubscribe/actions";
import { idle } from "@/lib/action-result";
import { SaveWithStatus } from "./save-with-status";

export function UnsubscribeForm({ token, label }: { token: string; label: string }) {
  const [state, action, pending] = useActionState(async () => unsubscribeAction(token), idle);
  if (state.ok && state.message)
    return (
      <p role="status" className="font-medium">
        {state.message}
      </p>
    );
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      {/* A success is the paragraph above: what shows here beside the button is a refusal. */}
      <SaveWithStatus label={label} pending={pending} state={state} />
    </form>
  );
}
