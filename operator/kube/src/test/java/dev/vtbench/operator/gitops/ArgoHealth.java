package dev.vtbench.operator.gitops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LoadState;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.compiler.LuaC;
import org.luaj.vm2.lib.PackageLib;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.TableLib;
import org.luaj.vm2.lib.jse.JseBaseLib;
import org.luaj.vm2.lib.jse.JseMathLib;

/**
 * Runs {@code gitops/argocd/health.lua} the way Argo CD runs a health customization: the object as
 * the global {@code obj} (JSON objects and arrays as tables, arrays 1-based), the script's returned
 * table read for {@code status} and {@code message}. Only the libraries Argo CD opens for health
 * scripts (base, package, table, string, math) are loaded, so a script reaching for {@code os} or
 * {@code io} fails here as it would there.
 */
public final class ArgoHealth {

  /** The repository's gitops folder, from operator/kube (where Maven runs the tests). */
  public static final Path GITOPS = Path.of("../../gitops");

  public static final Path SCRIPT = GITOPS.resolve("argocd/health.lua");

  /** What Argo CD shows: Healthy, Progressing, Degraded, … and a message. */
  public record Result(String status, String message) {}

  private ArgoHealth() {}

  public static String script() {
    try {
      return Files.readString(SCRIPT);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The health of {@code obj}, a Kubernetes object as JSON would decode it. */
  public static Result of(Map<String, Object> obj) {
    return of(script(), obj);
  }

  public static Result of(String script, Map<String, Object> obj) {
    Globals lua = new Globals();
    lua.load(new JseBaseLib());
    lua.load(new PackageLib());
    lua.load(new TableLib());
    lua.load(new StringLib());
    lua.load(new JseMathLib());
    LoadState.install(lua);
    LuaC.install(lua);
    lua.set("obj", toLua(obj));
    LuaValue hs = lua.load(script, "health.lua").call();
    if (!hs.istable()) {
      throw new AssertionError("health.lua returned " + hs.typename() + ", not a table");
    }
    LuaValue status = hs.get("status");
    LuaValue message = hs.get("message");
    return new Result(
        status.isnil() ? null : status.tojstring(), message.isnil() ? null : message.tojstring());
  }

  static LuaValue toLua(Object value) {
    return switch (value) {
      case null -> LuaValue.NIL;
      case Map<?, ?> map -> {
        LuaTable t = new LuaTable();
        map.forEach((k, v) -> t.set(String.valueOf(k), toLua(v)));
        yield t;
      }
      case List<?> list -> {
        LuaTable t = new LuaTable();
        for (int i = 0; i < list.size(); i++) {
          t.set(i + 1, toLua(list.get(i)));
        }
        yield t;
      }
      case String s -> LuaValue.valueOf(s);
      case Boolean b -> LuaValue.valueOf(b);
      case Number n -> LuaValue.valueOf(n.doubleValue());
      default -> throw new IllegalArgumentException("not JSON: " + value.getClass());
    };
  }
}
