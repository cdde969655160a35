package dev.vtbench.operator.load;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.RunMeta;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one load object runs and where its scripts live: a ConfigMap of one script per stage
 * (several only for a staged Job, docs/cluster-results.md "Stages"), the user's k6 module beside
 * them.
 *
 * @param scripts each stage's script in the order they run; the last one's key is {@value
 *     #SCRIPT_KEY}, as a load of one scenario has it
 * @param userModule the user's own k6 module the scripts import, or null ({@link UserModule})
 * @param env the variables k6 runs with ({@link UserModule#env})
 */
public record LoadScript(List<String> scripts, String userModule, Map<String, String> env) {

  public static final String SCRIPT_KEY = "script.js";

  /**
   * Annotation of a load that runs several scenarios one after another ({@link
   * dev.vtbench.engine.run.RunCursor#stages}): their ids in the order they run, comma-separated.
   * Without it a load runs the one scenario its {@link Labels#SCENARIO} label names.
   */
  public static final String STAGES = "vtbench.dev/stages";

  public LoadScript {
    scripts = List.copyOf(scripts);
    env = Map.copyOf(env);
    if (scripts.isEmpty()) {
      throw new IllegalArgumentException("a load runs at least one script");
    }
  }

  /**
   * The load's ConfigMap: each stage's script under {@link #scriptKey} and the user's module beside
   * them under {@link UserModule#FILE_NAME}, the name the scripts import; the runner mounts every
   * key as a file of one folder.
   */
  public ConfigMap configMap(BenchmarkRunResource run, String name) {
    Map<String, String> data = new TreeMap<>();
    for (int i = 0; i < scripts.size(); i++) {
      data.put(scriptKey(i, scripts.size()), scripts.get(i));
    }
    if (userModule != null) {
      data.put(UserModule.FILE_NAME, userModule);
    }
    return new ConfigMapBuilder()
        .withMetadata(RunMeta.of(run, name, RunnerPod.COMPONENT, true))
        .withData(data)
        .build();
  }

  /**
   * The scenario ids {@code load} runs, in order: its {@value #STAGES} annotation, else the one its
   * {@link Labels#SCENARIO} label names.
   */
  public static List<String> stages(HasMetadata load) {
    Map<String, String> annotations = load.getMetadata().getAnnotations();
    String staged = annotations == null ? null : annotations.get(STAGES);
    if (staged != null && !staged.isBlank()) {
      return List.of(staged.split(","));
    }
    Map<String, String> labels = load.getMetadata().getLabels();
    String one = labels == null ? null : labels.get(Labels.SCENARIO);
    return one == null ? List.of() : List.of(one);
  }

  /**
   * The ConfigMap key of the script of stage {@code position} (from 0) of {@code count}: the last
   * stage's is {@value #SCRIPT_KEY}, as a load of one scenario has it.
   */
  public static String scriptKey(int position, int count) {
    return position == count - 1 ? SCRIPT_KEY : "stage-" + (position + 1) + ".js";
  }

  /**
   * The container that runs stage {@code position} (from 0) of {@code count}: the last stage runs
   * in the pod's container {@code k6}, each earlier one in an init container before it, so the
   * kubelet runs them one after another in one pod and keeps each one's termination message (its
   * summary) in the pod's status as soon as it exits.
   */
  public static String stageContainer(int position, int count) {
    return position == count - 1 ? "k6" : "k6-stage-" + (position + 1);
  }
}
