package dev.milktui.tui.dialog;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.why.Explanation;

/**
 * Says which settings decide a permission request, as {@code milk-tui why} would for the running
 * session (its working directory, mode, baseline, allowed tools, added folders and {@code
 * --settings}). The app wires it; it reads settings files, so it runs on a worker, never the UI
 * thread.
 */
@FunctionalInterface
public interface RequestExplainer {
  /** For sessions that have none (the offline demo, a replay). */
  RequestExplainer NONE =
      request -> {
        throw new IllegalStateException("this session has no claude settings to explain it by");
      };

  /**
   * The answer for exactly {@code request}'s tool and input.
   *
   * @throws Exception when the settings cannot be read; the explanation window says why
   */
  Explanation explain(PermissionRequest request) throws Exception;
}
