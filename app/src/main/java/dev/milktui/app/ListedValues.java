package dev.milktui.app;

import dev.milktui.core.grants.Grants;
import dev.milktui.core.grants.SettingsLayers;
import dev.milktui.core.text.TerminalText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code grants revoke} accepts: a value exactly as stored, or as {@code grants list} shows
 * it. The list marks controls and lookalikes ({@code Read\u009d0;x\u009c}); typed back, that marked
 * form means the stored entry it was shown for.
 */
final class ListedValues {
  private ListedValues() {}

  /**
   * Each value as stored: unchanged when some layer holds it exactly or when it is no entry's shown
   * form; else the one stored entry shown as it.
   */
  static List<String> asStored(List<String> values, List<SettingsLayers.Listing> listings) {
    Set<String> stored = new LinkedHashSet<>();
    for (SettingsLayers.Listing listing : listings) {
      Grants grants = listing.grants();
      stored.addAll(grants.rules());
      stored.addAll(grants.directories());
    }
    List<String> resolved = new ArrayList<>(values.size());
    for (String value : values) {
      List<String> shownAs =
          stored.contains(value)
              ? List.of()
              : stored.stream()
                  .filter(entry -> TerminalText.revealInline(entry).equals(value))
                  .toList();
      resolved.add(shownAs.size() == 1 ? shownAs.get(0) : value);
    }
    return resolved;
  }
}
