package dev.milktui.app;

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

  String line() {
    return String.format("%-4s  %-9s  %s", status, name, detail);
  }
}
