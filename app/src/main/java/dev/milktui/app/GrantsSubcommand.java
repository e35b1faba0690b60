package dev.milktui.app;

import dev.milktui.core.grants.GrantRefusedException;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsLayers;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.tui.text.Sanitizer;
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
    SettingsStore store = new SettingsStore(settings.resolve(environment()), environment().home());
    PrintWriter out = spec.commandLine().getOut();
    try {
      run(store, out);
      return 0;
    } catch (SettingsException e) {
      return Refusal.print(spec, safe(e.getMessage()));
    } catch (GrantRefusedException e) {
      return Refusal.print(spec, e.reasons().stream().map(r -> "refused: " + r).toList());
    } catch (PartlyFailed e) {
      return Refusal.print(spec, e.reasons());
    } finally {
      out.flush();
    }
  }

  abstract void run(SettingsStore store, PrintWriter out)
      throws SettingsException, GrantRefusedException, PartlyFailed;

  /** Some of the command's work was done and printed, some failed: each reason, exit code 1. */
  static final class PartlyFailed extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<String> reasons;

    PartlyFailed(List<String> reasons) {
      super(String.join("; ", reasons));
      this.reasons = List.copyOf(reasons);
    }

    List<String> reasons() {
      return reasons;
    }
  }

  /** Every settings layer Claude reads for {@code project}, with this command's user file. */
  SettingsLayers layers(ProjectOption project) {
    return new SettingsLayers(
        settings.resolve(environment()), project.resolve(), environment().home());
  }

  private Environment environment() {
    return parent.environment();
  }

  /**
   * One line per value, e.g. {@code added rule Write}: says what happened to each argument. Values
   * may come from a settings file, so they are made safe for the terminal.
   */
  static void report(PrintWriter out, String outcome, String kind, List<String> values) {
    values.forEach(value -> out.println(outcome + " " + kind + " " + safe(value)));
  }

  /**
   * Text from a file or the environment, with no way to drive the terminal, on one line: marked,
   * never stripped, so two entries never read the same and what is listed can be revoked as listed.
   */
  static String safe(Object text) {
    return Sanitizer.revealInline(String.valueOf(text));
  }
}
