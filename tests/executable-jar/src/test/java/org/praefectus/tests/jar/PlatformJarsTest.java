package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each exported runtime carries the platform bundle of the OS it is for, whatever OS built it: the resolver sees a
 * fixed osgi.native capability (run/platforms.bnd), never the building machine's. A jar resolved for the wrong OS
 * would carry another platform bundle, or none.
 */
class PlatformJarsTest {

    private static final Map<String, Set<String>> BUNDLES = new ConcurrentHashMap<>();

    private static final List<String> PLATFORM_BUNDLES =
            List.of("org.praefectus.linux", "org.praefectus.macos", "org.praefectus.windows");

    @ParameterizedTest
    @CsvSource({
        "praefectus.jar, org.praefectus.linux",
        "praefectus.debug.jar, org.praefectus.linux",
        "praefectus.fleet.jar, org.praefectus.linux",
        "praefectus.desktop.jar, org.praefectus.linux",
        "praefectus.macos.jar, org.praefectus.macos",
        "praefectus.windows.jar, org.praefectus.windows"
    })
    void eachRuntimeCarriesTheOnePlatformBundleOfItsOs(String jar, String platform) {
        Set<String> bundles = bundlesOf(jar);

        assertTrue(bundles.contains("org.praefectus.api"), () -> jar + " is a Praefectus runtime: " + bundles);
        List<String> platforms = new ArrayList<>(bundles);
        platforms.retainAll(PLATFORM_BUNDLES);
        assertEquals(List.of(platform), platforms, jar::toString);
    }

    @ParameterizedTest
    @CsvSource({"praefectus.windows.jar, true", "praefectus.macos.jar, false", "praefectus.jar, false"})
    void onlyTheWindowsRuntimeCarriesJnaPlatform(String jar, boolean carries) {
        assertEquals(carries, bundlesOf(jar).contains("com.sun.jna.platform"), jar::toString);
    }

    /** Each 24 MB runtime is read once for all the cases that ask about it. */
    private static Set<String> bundlesOf(String jar) {
        return BUNDLES.computeIfAbsent(jar, name -> {
            try {
                return nestedBundles(JarProcess.jar(name));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The symbolic names of the bundles nested in an executable jar ({@code jar/*.jar}). */
    private static Set<String> nestedBundles(Path executable) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (JarFile outer = new JarFile(executable.toFile())) {
            Enumeration<? extends ZipEntry> entries = outer.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (!entry.getName().startsWith("jar/") || !entry.getName().endsWith(".jar")) {
                    continue;
                }
                try (InputStream in = outer.getInputStream(entry);
                        JarInputStream nested = new JarInputStream(in)) {
                    if (nested.getManifest() != null) {
                        String name = nested.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
                        if (name != null) {
                            names.add(name.split(";")[0].trim());
                        }
                    }
                }
            }
        }
        return names;
    }
}
