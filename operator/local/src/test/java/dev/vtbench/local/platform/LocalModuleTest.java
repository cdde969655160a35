package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ScriptSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spec.workload.script.file} on this machine: read before anything starts, refused naming
 * the field and the file when it cannot be run, and written beside each load's script under the
 * name vtbench's script imports.
 */
class LocalModuleTest {

  @TempDir Path dir;

  static BenchmarkRunSpec spec(Path file) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.sut.service = new ServiceSpec();
    spec.sut.service.jar = "app.jar";
    spec.workload.script = new ScriptSpec();
    spec.workload.script.file = file.toString();
    return spec;
  }

  @Test
  void theModuleIsReadOnceAndWrittenBesideTheScripts() throws Exception {
    Path file = Files.writeString(dir.resolve("orders.js"), "export default function () {}\n");
    LocalModule module = LocalModule.of(spec(file));

    Files.writeString(file, "changed after the run started");
    Path k6 = Files.createDirectories(dir.resolve("k6"));
    module.besideScriptsIn(k6);

    assertThat(k6.resolve(UserModule.FILE_NAME)).hasContent("export default function () {}");
    assertThat(module.hash()).hasSize(16).isNotEqualTo(LocalModule.of(spec(file)).hash());
    assertThat(LocalModule.of(new BenchmarkRunSpec())).isNull();
  }

  @Test
  void aMissingFileIsRefusedNamingTheField() {
    assertThatThrownBy(() -> LocalModule.of(spec(Path.of("k6/nowhere.js"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "spec.workload.script.file: k6/nowhere.js not found: give the path of your k6 module");
  }

  @Test
  void aFolderBinaryTextAnEmptyOrAnOversizedModuleIsRefused() throws Exception {
    assertThatThrownBy(() -> LocalModule.of(spec(dir)))
        .hasMessageStartingWith("spec.workload.script.file: cannot read " + dir.toAbsolutePath());
    Path binary = Files.write(dir.resolve("bin.js"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
    assertThatThrownBy(() -> LocalModule.of(spec(binary)))
        .hasMessage(
            "spec.workload.script.file: "
                + binary.toAbsolutePath()
                + " is not UTF-8 text: k6 reads modules as UTF-8");
    Path empty = Files.writeString(dir.resolve("empty.js"), "\n");
    assertThatThrownBy(() -> LocalModule.of(spec(empty)))
        .hasMessageStartingWith("spec.workload.script.file " + empty + " is empty");
    Path large = Files.writeString(dir.resolve("large.js"), "x".repeat(UserModule.MAX_BYTES + 1));
    assertThatThrownBy(() -> LocalModule.of(spec(large)))
        .hasMessageStartingWith(
            "spec.workload.script.file " + large + " is " + (UserModule.MAX_BYTES + 1) + " bytes");
  }
}
