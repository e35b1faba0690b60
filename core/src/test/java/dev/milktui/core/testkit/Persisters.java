package dev.milktui.core.testkit;

import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.grants.GrantResult;
import dev.milktui.core.grants.SavedGrants;
import java.nio.file.Path;
import java.util.List;

/** Stand-ins for a grants save, in tests that do not write Claude's settings. */
public final class Persisters {
  /** The file a stand-in save claims it wrote. */
  public static final Path FILE = Path.of("settings.json");

  private Persisters() {}

  /** Keeps each decision in {@code saved} and reports its rules and directories added. */
  public static GrantPersister into(List<GrantDecision> saved) {
    return decision -> {
      saved.add(decision);
      return wrote(decision);
    };
  }

  /** What a save of {@code decision} into {@link #FILE} that added all of it reports. */
  public static SavedGrants wrote(GrantDecision decision) {
    return new SavedGrants(
        FILE,
        new GrantResult(
            decision.rules(),
            List.of(),
            decision.directories().stream().map(Path::toString).toList(),
            List.of()));
  }
}
