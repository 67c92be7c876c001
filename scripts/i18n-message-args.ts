// npm run i18n:args — writes lib/i18n/message-args.ts from the English catalog (after adding,
// renaming or re-wording a message's placeholders in lib/i18n/messages/en.json).
import fs from "node:fs";
import en from "@/lib/i18n/messages/en.json";
import { MESSAGE_ARGS_FILE, messageArgsSource } from "./lib/message-args";

fs.writeFileSync(MESSAGE_ARGS_FILE, await messageArgsSource(en));
console.log(`wrote ${MESSAGE_ARGS_FILE}`);
