import { Command, Option } from 'commander';
import type { CommandSpec, OptionSpec } from './flag-specs.js';

/** Adds options described as data (flag-specs.ts) to a commander command. */
export function addOptions(command: Command, specs: readonly OptionSpec[]): Command {
  for (const spec of specs) {
    const option = new Option(spec.flags, spec.description);
    if (spec.choices) option.choices(spec.choices as string[]);
    if (spec.defaultValue !== undefined) option.default(spec.defaultValue);
    if (spec.required) option.makeOptionMandatory();
    command.addOption(option);
  }
  return command;
}

/** A commander command from its spec: name, description, argument, options and help. */
export function specCommand(spec: CommandSpec): Command {
  const command = new Command(spec.name).description(spec.description);
  if (spec.argument) command.argument(...spec.argument);
  addOptions(command, spec.options);
  if (spec.helpAfter) command.addHelpText('after', spec.helpAfter);
  return command;
}
