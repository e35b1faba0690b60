package dev.milktui.tui.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Bytes allocated by each thread since this was made, summed by thread name with the numbers taken
 * out ({@code claude-stdout-3} counts as {@code claude-stdout}), so a run's allocation shows by
 * role: reader, session, GUI thread. Threads alive at the end are counted.
 */
final class ThreadAllocations {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private final Map<Long, Long> start = byThread();

  /** Bytes allocated since this was made, by role. */
  Map<String, Long> byRole() {
    long[] ids = THREADS.getAllThreadIds();
    long[] bytes = THREADS.getThreadAllocatedBytes(ids);
    ThreadInfo[] infos = THREADS.getThreadInfo(ids);
    Map<String, Long> roles = new TreeMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (bytes[i] > 0 && infos[i] != null) {
        String role = infos[i].getThreadName().replaceAll("-\\d+", "");
        roles.merge(role, bytes[i] - start.getOrDefault(ids[i], 0L), Long::sum);
      }
    }
    return roles;
  }

  private static Map<Long, Long> byThread() {
    long[] ids = THREADS.getAllThreadIds();
    long[] bytes = THREADS.getThreadAllocatedBytes(ids);
    Map<Long, Long> byThread = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      byThread.put(ids[i], bytes[i]);
    }
    return byThread;
  }
}
