package dev.milktui.app;

import java.io.File;
import java.io.IOException;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes the man pages' AsciiDoc for the whole command tree (the build runs it before packaging,
 * then renders the pages with Asciidoctor). picocli-codegen's own entry point cannot be used: it
 * builds the root from its annotations, and milk-tui registers its subcommands only when needed.
 */
public final class ManPages {
  private ManPages() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: ManPages OUTPUT_FOLDER");
    }
    int status =
        ManPageGenerator.generateManPage(
            new File(args[0]),
            null,
            new boolean[] {false},
            true,
            MilkTuiCommand.withAllSubcommands(new MilkTuiCommand()).getCommandSpec());
    if (status != 0) {
      throw new IllegalStateException("the man page generator failed with status " + status);
    }
  }
}
