package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuickScanTest {
  @Test
  void filesWithJsonAndExampleAtMostOnceEachAreScannedWithoutPicocli() {
    assertThat(QuickScan.of(new String[] {"scan", "a.ndjson"})).isPresent();
    assertThat(QuickScan.of(new String[] {"scan", "--json", "a.ndjson", "-", "b"})).isPresent();
    assertThat(QuickScan.of(new String[] {"scan", "--example"})).isPresent();
    assertThat(QuickScan.of(new String[] {"scan", "--example", "--json", "a"})).isPresent();
  }

  @Test
  void everyOtherFormIsLeftToPicocliToReadOrRefuse() {
    assertThat(QuickScan.of(new String[] {"scan"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"scan", "--json"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"scan", "--json", "--json", "a"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"scan", "--help"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"scan", "-h", "a"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"scan", "--", "a"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"scan", "@args"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"scan", "--jsn", "a"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"replay", "a"})).isEmpty();
    assertThat(QuickScan.of(new String[] {"--demo", "scan", "a"})).isEmpty();
  }
}
