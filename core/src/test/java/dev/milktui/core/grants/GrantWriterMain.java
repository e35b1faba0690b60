package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.List;

/**
 * A separate writer process for {@link ConcurrentWritersTest}: grants {@code Bash(<name>-<i>:*)}
 * for i below {@code count}, one write each. With a negative count it grants and revokes forever,
 * until killed.
 */
public final class GrantWriterMain {

  private GrantWriterMain() {}

  public static void main(String[] args) throws Exception {
    SettingsStore store = new SettingsStore(Path.of(args[0]), Path.of(args[1]));
    String name = args[2];
    int count = Integer.parseInt(args[3]);
    for (int i = 0; count < 0 || i < count; i++) {
      String rule = "Bash(" + name + "-" + (i % 50) + ":*)";
      store.grant(GrantRequest.of(RuleGrant.suggested(rule)));
      if (count < 0) {
        store.revoke(List.of(rule), List.of());
      }
    }
  }
}
