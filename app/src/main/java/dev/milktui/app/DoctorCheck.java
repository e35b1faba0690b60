package dev.milktui.app;

import dev.milktui.core.text.TerminalText;

/** One line of {@code milk-tui doctor}: what was checked, how it went, and the detail. */
record DoctorCheck(Status status, String name, String detail) {

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
    return String.format("%-4s  %-9s  %s", status, name, TerminalText.oneLine(detail));
  }
}
