package org.praefectus.benchmarks.vision;

/**
 * The OCR benchmark as interleaved pairs: one Tess4J recognition (reused per-thread handle) and one {@code
 * tesseract} CLI run on the same 1080p PNG, same page segmentation mode, engine mode and OMP_THREAD_LIMIT=1,
 * alternating which goes first; every result of both is checked to hold the same words. Reports the median
 * of the per-pair wall-time ratios (the goal is at most 0.8) with its quartiles. Run with
 * {@code java -Djava.awt.headless=true -cp vision-benchmarks.jar org.praefectus.benchmarks.vision.PairedOcrRun
 * [pairs]}.
 */
public final class PairedOcrRun {

    private PairedOcrRun() {}

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        OcrBenchmark ocr = new OcrBenchmark();
        ocr.screenshot();
        String words = OcrBenchmark.normalise(ocr.tesseractCli());
        System.out.println(LoadAverage.describe());
        try {
            // one unrecorded pair: the handle's first recognition and the page cache settle
            ocr.tess4jReusedHandle();
            ocr.tesseractCli();
            PairedRatios ratios = new PairedRatios()
                    .measure(
                            pairs,
                            () -> {
                                String ours = OcrBenchmark.normalise(
                                        ocr.tess4jReusedHandle().text());
                                return requireSame(words, ours);
                            },
                            () -> requireSame(words, OcrBenchmark.normalise(ocr.tesseractCli())));
            System.out.println(ratios.summary("tess4j", "tesseract CLI"));
            System.out.println("both read the same " + words.split(" ").length + " words in every pair");
        } finally {
            ocr.close();
        }
        System.out.println(LoadAverage.describe());
    }

    private static String requireSame(String expected, String actual) {
        if (!expected.equals(actual)) {
            throw new IllegalStateException(
                    "Tess4J and the CLI read different words:\n" + actual + "\n---\n" + expected);
        }
        return actual;
    }
}
