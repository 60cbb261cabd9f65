package org.praefectus.benchmarks.vision;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.vision.image.PngCodec;
import org.praefectus.vision.ocr.TesseractOcr;

/**
 * OCR of a 1920x1080 screenshot-like image (a light window with 24 lines of UI text) through Tess4J with a
 * reused handle, against the {@code tesseract} CLI on the same PNG in the same run (the CLI decodes the PNG and
 * loads the trained data on every call, as PeekabooX's backend does). Both run with OMP_THREAD_LIMIT=1 and the
 * same page segmentation mode; setup checks that both read the same words.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 4, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Djava.awt.headless=true")
public class OcrBenchmark {

    static final Path TESSDATA = Path.of("/usr/share/tesseract-ocr/5/tessdata");
    static final OcrOptions OPTIONS = OcrOptions.DEFAULTS.withPageSegmentationMode(3);

    Path png;
    Frame frame;
    TesseractOcr ocr;

    @Setup
    public void screenshot() throws Exception {
        BufferedImage image = new BufferedImage(1920, 1080, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(new Color(0xf6, 0xf5, 0xf4));
        g.fillRect(0, 0, 1920, 1080);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 18));
        for (int line = 0; line < 24; line++) {
            g.drawString(
                    "Order " + (1000 + line * 37) + " shipped to warehouse " + (char) ('A' + line)
                            + " on schedule with priority handling",
                    120,
                    80 + line * 40);
        }
        g.dispose();
        png = Files.createTempFile("praefectus-ocr-bench", ".png");
        ImageIO.write(image, "png", png.toFile());
        frame = new PngCodec().read(png);
        ocr = new TesseractOcr(TESSDATA, 2, 1);
        String ours = normalise(ocr.recognize(frame, null, OPTIONS).text());
        String theirs = normalise(tesseractCli());
        if (!ours.equals(theirs)) {
            throw new IllegalStateException("Tess4J and the CLI read different words:\n" + ours + "\n---\n" + theirs);
        }
    }

    static String normalise(String text) {
        return String.join(" ", text.trim().split("\\s+"));
    }

    @TearDown
    public void close() throws IOException {
        ocr.close();
        Files.deleteIfExists(png);
    }

    @Benchmark
    public OcrResult tess4jReusedHandle() {
        return ocr.recognize(frame, null, OPTIONS);
    }

    @Benchmark
    public String tesseractCli() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("tesseract", png.toString(), "stdout", "--psm", "3", "-l", "eng");
        builder.environment().put("OMP_THREAD_LIMIT", "1");
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process process = builder.start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException("tesseract failed");
        }
        return text;
    }
}
