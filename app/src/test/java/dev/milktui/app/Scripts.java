package dev.milktui.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Fake executables for tests (a stand-in {@code claude}). */
final class Scripts {

  private Scripts() {}

  /** Writes {@code body} as a {@code /bin/sh} script at {@code file}, executable. */
  static Path executable(Path file, String body) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }
}
