package dev.milktui.tui.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The collector's stop-the-world pauses while it listens, from the JVM's own reports. A concurrent
 * collector's cycles (ZGC's, Shenandoah's) run beside the program and are not counted; their pauses
 * are reported apart and are.
 */
final class GcPauses implements NotificationListener, AutoCloseable {
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final Samples pauses = new Samples();
  private final List<String> collectors = new ArrayList<>();

  GcPauses() {
    for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
      collectors.add(bean.getName());
      if (bean instanceof NotificationEmitter emitter && !bean.getName().endsWith("Cycles")) {
        emitter.addNotificationListener(this, null, null);
        emitters.add(emitter);
      }
    }
  }

  @Override
  public void handleNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    synchronized (this) {
      pauses.add(info.getGcInfo().getDuration() * 1_000_000L);
    }
  }

  synchronized Samples pauses() {
    return pauses;
  }

  /** The collectors' names, as the JVM reports them (which collector ran). */
  String collectors() {
    return String.join(", ", collectors);
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(this);
      } catch (ListenerNotFoundException e) {
        // Never added: nothing to remove.
      }
    }
  }
}
