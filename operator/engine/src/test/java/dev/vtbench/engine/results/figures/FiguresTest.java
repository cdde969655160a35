package dev.vtbench.engine.results.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.derived.DerivedMetrics;
import dev.vtbench.engine.results.derived.DerivedMetrics.Rig;
import dev.vtbench.engine.results.row.ResultRow;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FiguresTest {

  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

  private static List<ResultRow> rows;

  @TempDir Path dir;

  @BeforeAll
  static void sample() {
    // The sample is reference-shaped (23 columns); add what a vtbench run would know.
    Rig rig = new Rig(100, 8, 2, 6);
    rows =
        ResultsCsv.parse(Rows.resource(Rows.SAMPLE)).stream()
            .map(r -> r.toBuilder().tomcatThreads(200).stubDelayMs(100.0).build())
            .map(r -> DerivedMetrics.derive(r, rig))
            .toList();
  }

  @Test
  void heroIsAValidPngWithBothPanels() throws IOException {
    Path png = dir.resolve("figs/hero.png");
    Figures.hero(rows, png);
    BufferedImage img = assertValidPng(png);
    assertThat(img.getHeight()).isGreaterThan(img.getWidth()); // two stacked panels
    keep(png);
  }

  @Test
  void bottleneckIsAValidPng() throws IOException {
    Path png = dir.resolve("bottleneck.png");
    Figures.bottleneck(rows, png);
    assertValidPng(png);
    keep(png);
  }

  @Test
  void drawsAReferenceCsvThatLacksVtbenchColumns() throws IOException {
    List<ResultRow> reference = ResultsCsv.parse(Rows.resource(Rows.SAMPLE));
    Path hero = dir.resolve("ref-hero.png");
    Path bottleneck = dir.resolve("ref-bottleneck.png");
    Figures.hero(reference, hero);
    Figures.bottleneck(reference, bottleneck);
    assertValidPng(hero);
    assertValidPng(bottleneck);
  }

  @Test
  void refusesABottleneckFigureWithoutHeldRows() {
    List<ResultRow> released = rows.stream().filter(r -> !r.isHeld()).toList();
    assertThatThrownBy(() -> Figures.bottleneck(released, dir.resolve("x.png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("held");
  }

  /** The sample's virtual rows again as reactive ones, at 80 % of their throughput. */
  private static List<ResultRow> withReactive() {
    List<ResultRow> reactive =
        rows.stream()
            .filter(ResultRow::isVirtual)
            .map(
                r ->
                    r.toBuilder()
                        .threadMode("reactive")
                        .throughputRps(0.8 * r.throughputRps())
                        .appCpuPct(r.appCpuPct() == null ? 150.0 : 0.6 * r.appCpuPct())
                        .rssMbMax(r.rssMbMax() == null ? 300.0 : 0.7 * r.rssMbMax())
                        .heapMbMax(60.0)
                        .build())
            .toList();
    return java.util.stream.Stream.concat(rows.stream(), reactive.stream()).toList();
  }

  /** Pixels of the reactive series' colour (Okabe–Ito bluish green), which nothing else uses. */
  private static long reactivePixels(Path png) throws IOException {
    BufferedImage img = ImageIO.read(png.toFile());
    long n = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        if ((img.getRGB(x, y) & 0xFFFFFF) == 0x009E73) {
          n++;
        }
      }
    }
    return n;
  }

  @Test
  void reactiveRowsAreAThirdSeriesInTheHeroAndBottleneckFigures() throws IOException {
    Path plain = dir.resolve("plain-hero.png");
    Figures.hero(rows, plain);
    assertThat(reactivePixels(plain)).isZero();

    Path hero = dir.resolve("reactive-hero.png");
    Figures.hero(withReactive(), hero);
    assertValidPng(hero);
    assertThat(reactivePixels(hero)).isGreaterThan(500);
    Path bottleneck = dir.resolve("reactive-bottleneck.png");
    Figures.bottleneck(withReactive(), bottleneck);
    assertThat(reactivePixels(bottleneck)).isGreaterThan(500);
    keep(hero);
  }

  @Test
  void seed002sFigureSetsThroughputCpuPerRequestHeapAndRssOfEachModeSideBySide()
      throws IOException {
    Path png = dir.resolve(ReactiveFigure.FILE_NAME);
    // one level without virtual rows: that slot stays empty
    List<ResultRow> all =
        withReactive().stream().filter(r -> !(r.isVirtual() && r.concurrency() == 1000)).toList();
    ReactiveFigure.draw(all, png);
    BufferedImage img = assertValidPng(png);
    assertThat(img.getHeight()).isGreaterThan(4 * 400); // four stacked panels
    assertThat(reactivePixels(png)).isGreaterThan(4 * 500); // bars in every panel
    keep(png);

    assertThatThrownBy(() -> ReactiveFigure.draw(rows, dir.resolve("none.png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("reactive");
  }

  /**
   * Rows measured before steady state are left out, as everywhere; a run whose reactive rows all
   * were says so instead of drawing nothing. A CSV without the CPU, heap and RSS columns gets the
   * throughput panel alone.
   */
  @Test
  void seed002sFigureNeedsASteadyReactiveRowAndDrawsTheColumnsThereAre() throws IOException {
    List<ResultRow> unsteady =
        withReactive().stream().map(r -> r.toBuilder().steadyState(false).build()).toList();
    assertThatThrownBy(() -> ReactiveFigure.draw(unsteady, dir.resolve("unsteady.png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("steady state");

    List<ResultRow> throughputOnly =
        withReactive().stream()
            .map(r -> r.toBuilder().appCpuPct(null).rssMbMax(null).heapMbMax(null).build())
            .toList();
    Path png = dir.resolve("throughput-only.png");
    ReactiveFigure.draw(throughputOnly, png);
    BufferedImage img = assertValidPng(png);
    assertThat(img.getHeight()).isLessThan(2 * 400); // one panel
  }

  /**
   * One concurrency level (seeds 001, 003 and 004) makes the modes figure, not a one-point hero
   * figure: throughput, mean response time, CPU per request and heap per mode; with two pools at
   * that level, one group of bars per pool. A sweep makes hero.png and no modes figure.
   */
  @Test
  void aRunAtOneLevelGetsTheModesFigureAndASweepGetsHero() throws IOException {
    int level = rows.getFirst().concurrency();
    List<ResultRow> oneLevel =
        rows.stream()
            .filter(r -> r.concurrency() == level)
            .map(r -> r.toBuilder().meanMs(100.0).heapMbMax(r.isVirtual() ? 90.0 : 60.0).build())
            .toList();
    assertThat(FigureSet.of(oneLevel))
        .extracting(FigureSet.Figure::fileName)
        .containsExactly(ModesFigure.FILE_NAME);
    assertThat(FigureSet.of(rows))
        .extracting(FigureSet.Figure::fileName)
        .contains("hero.png")
        .doesNotContain(ModesFigure.FILE_NAME);

    Path png = dir.resolve(ModesFigure.FILE_NAME);
    ModesFigure.draw(oneLevel, png);
    BufferedImage img = assertValidPng(png);
    assertThat(img.getHeight()).isGreaterThan(4 * 400); // four stacked panels
    keep(png);

    List<ResultRow> twoPools =
        java.util.stream.Stream.concat(
                oneLevel.stream(),
                oneLevel.stream().map(r -> r.toBuilder().hikariPool(r.hikariPool() * 2).build()))
            .toList();
    Path pools = dir.resolve("modes-two-pools.png");
    ModesFigure.draw(twoPools, pools);
    assertValidPng(pools);

    assertThatThrownBy(() -> ModesFigure.draw(rows, dir.resolve("sweep.png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("one concurrency level");
    List<ResultRow> unsteady =
        oneLevel.stream().map(r -> r.toBuilder().steadyState(false).build()).toList();
    assertThatThrownBy(() -> ModesFigure.draw(unsteady, dir.resolve("unsteady.png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("steady state");
  }

  private static BufferedImage assertValidPng(Path png) throws IOException {
    byte[] bytes = Files.readAllBytes(png);
    assertThat(bytes).startsWith(PNG_SIGNATURE);
    assertThat(bytes.length).isGreaterThan(20 * 1024);
    BufferedImage img = ImageIO.read(png.toFile());
    assertThat(img).isNotNull();
    assertThat(img.getWidth()).isGreaterThanOrEqualTo(800);
    return img;
  }

  /** Set -Dvtbench.figures.dir=/some/dir to keep the PNGs for a look. */
  private static void keep(Path png) throws IOException {
    String keepDir = System.getProperty("vtbench.figures.dir");
    if (keepDir != null) {
      Path target = Path.of(keepDir);
      Files.createDirectories(target);
      Files.copy(png, target.resolve(png.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
