package dev.milktui.app;

import dev.milktui.core.grants.GrantRefusedException;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsStore;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What every {@code grants} subcommand shares: the settings file, the store on it, and turning the
 * store's refusals into exit code 1.
 */
abstract class GrantsSubcommand implements Callable<Integer> {

  @ParentCommand GrantsCommand parent;

  @Spec CommandSpec spec;

  @Mixin SettingsFileOption settings;

  @Override
  public final Integer call() {
    Environment environment = parent.environment();
    SettingsStore store = new SettingsStore(settings.resolve(environment), environment.home());
    PrintWriter out = spec.commandLine().getOut();
    try {
      run(store, out);
      return 0;
    } catch (SettingsException e) {
      return Refusal.print(spec, e.getMessage());
    } catch (GrantRefusedException e) {
      return Refusal.print(spec, e.reasons().stream().map(r -> "refused: " + r).toList());
    } finally {
      out.flush();
    }
  }

  abstract void run(SettingsStore store, PrintWriter out)
      throws SettingsException, GrantRefusedException;

  /** One line per value, e.g. {@code added rule Write}: says what happened to each argument. */
  static void report(PrintWriter out, String outcome, String kind, List<String> values) {
    values.forEach(value -> out.println(outcome + " " + kind + " " + value));
  }
}
