package dev.vtbench.operator.e2e;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import java.util.function.Consumer;

/**
 * Every object of a selection seen while a run ran, handed to {@code record} as it is seen: a watch
 * records each change as it comes, and {@link #poll} lists the selection for what the watch missed
 * (a watch closed by the server, an object that came and went before it started). The shared part
 * of {@link PodsPlaced}, {@link SutPodsSeen} and {@link LoadsSeen}, which each keep what they need
 * of what is seen.
 */
final class Sightings<T extends HasMetadata> implements AutoCloseable {

  private final FilterWatchListDeletable<T, ? extends KubernetesResourceList<T>, ?> selection;
  private final Consumer<T> record;
  private final Watch watch;

  Sightings(
      FilterWatchListDeletable<T, ? extends KubernetesResourceList<T>, ?> selection,
      Consumer<T> record) {
    this.selection = selection;
    this.record = record;
    this.watch =
        selection.watch(
            new Watcher<T>() {
              @Override
              public void eventReceived(Action action, T o) {
                if (o != null && o.getMetadata() != null) {
                  record.accept(o);
                }
              }

              @Override
              public void onClose(WatcherException cause) {
                // the next poll lists what the watch misses from here on
              }
            });
  }

  /** Lists the selection now and records every object in it. */
  void poll() {
    selection.list().getItems().forEach(record);
  }

  @Override
  public void close() {
    watch.close();
  }
}
