package dev.milktui.app;

import dev.milktui.core.text.TerminalText;
import java.util.List;

/**
 * One line of {@code milk-tui doctor}: what was checked, how it went, and the detail; {@code
 * listed} items follow it, one indented line each.
 */
record DoctorCheck(Status status, String name, String detail, List<String> listed) {

  DoctorCheck {
    listed = List.copyOf(listed);
  }

  DoctorCheck(Status status, String name, String detail) {
    this(status, name, detail, List.of());
  }

  DoctorCheck listing(List<String> items) {
    return new DoctorCheck(status, name, detail, items);
  }

  enum Status {
    OK,
    WARN,
    FAIL
  }

  static DoctorCheck ok(String name, String detail) {
    return new DoctorCheck(Status.OK, name, detail);
  }

  static DoctorCheck warn(String name, String detail) {
    return new DoctorCheck(Status.WARN, name, detail);
  }

  static DoctorCheck fail(String name, String detail) {
    return new DoctorCheck(Status.FAIL, name, detail);
  }

  /** The printed line; the detail comes from files and child processes, so it is made safe. */
  String line() {
    StringBuilder line =
        new StringBuilder(
            String.format("%-4s  %-9s  %s", status, name, TerminalText.oneLine(detail)));
    listed.forEach(
        item -> line.append("\n").append(" ".repeat(17)).append(TerminalText.oneLine(item)));
    return line.toString();
  }
}
