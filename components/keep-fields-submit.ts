import { startTransition, type FormEvent } from "react";

/**
 * onSubmit for a form whose action is dispatched by hand: with `<form action>` React resets every
 * field (and radio button) once the action returns, so a refused save would lose what was typed.
 */
export function keepFieldsSubmit(action: (data: FormData) => void) {
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    startTransition(() => action(data));
  };
}
