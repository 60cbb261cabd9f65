package org.praefectus.tests.fleet;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.osgi.service.jdbc.DataSourceFactory;
import org.postgresql.osgi.PGDataSourceFactory;

/**
 * A real PostgreSQL cluster for one test class: {@code initdb} into a temporary directory (as the
 * {@code postgres} system user when the test runs as root: the server refuses root), {@code pg_ctl} on the
 * given addresses and a free port, trust authentication for the test user only.
 */
public final class PostgresServer implements AutoCloseable {

    public static final String USER = "praefectus";

    private final Path directory;
    private final Path bin;
    private final List<String> addresses;
    private final int port;

    private PostgresServer(Path directory, Path bin, List<String> addresses, int port) {
        this.directory = directory;
        this.bin = bin;
        this.addresses = addresses;
        this.port = port;
    }

    /** Initialises and starts a cluster listening on {@code addresses} (loopback when empty). */
    public static PostgresServer start(List<String> addresses) throws IOException, InterruptedException {
        Path bin = binaries();
        Path directory = Files.createTempDirectory("praefectus-pg-");
        run(List.of("chmod", "0755", directory.toString()));
        asPostgres(List.of("true")); // fails clearly when the user is missing
        run(List.of("chown", owner(), directory.toString()));
        List<String> listen = addresses.isEmpty() ? List.of("127.0.0.1") : addresses;
        PostgresServer server = new PostgresServer(directory, bin, listen, freePort());
        asPostgres(List.of(
                bin.resolve("initdb").toString(),
                "--pgdata=" + server.data(),
                "--username=" + USER,
                "--auth=trust",
                "--no-sync",
                "--no-instructions"));
        Files.writeString(
                server.data().resolve("pg_hba.conf"),
                "local all " + USER + " trust\nhost all " + USER + " 0.0.0.0/0 trust\n");
        server.startServer();
        return server;
    }

    private static String owner() {
        return isRoot() ? "postgres:postgres" : System.getProperty("user.name");
    }

    private Path data() {
        return directory.resolve("data");
    }

    /** Starts the stopped server again, on the same port and addresses. */
    public void startServer() throws IOException, InterruptedException {
        asPostgres(List.of(
                bin.resolve("pg_ctl").toString(),
                "--pgdata=" + data(),
                "--log=" + directory.resolve("server.log"),
                "--wait",
                "--timeout=60",
                "-o",
                "-c listen_addresses=" + String.join(",", addresses) + " -p " + port + " -k " + directory
                        + " -c max_connections=60",
                "start"));
    }

    /** Stops the server at once, as a crash would (no checkpoint; the WAL recovers it at the next start). */
    public void crash() throws IOException, InterruptedException {
        asPostgres(
                List.of(bin.resolve("pg_ctl").toString(), "--pgdata=" + data(), "--wait", "--mode=immediate", "stop"));
    }

    /**
     * SIGSTOP of the server and every backend it forked (their ids from {@code postmaster.pid} and {@code pgrep
     * -P}): connections stay open, nothing answers, as under swap or a storage stall. Returns the stopped ids for
     * {@link #resume}.
     */
    public List<String> pause() throws IOException, InterruptedException {
        String postmaster =
                Files.readAllLines(data().resolve("postmaster.pid")).get(0).strip();
        List<String> processes = new ArrayList<>(List.of(postmaster));
        try {
            processes.addAll(
                    List.of(run(List.of("pgrep", "-P", postmaster)).strip().split("\\s+")));
        } catch (IOException e) {
            // pgrep exits 1 when the server has no backend
        }
        List<String> kill = new ArrayList<>(List.of("kill", "-STOP"));
        kill.addAll(processes);
        run(kill);
        return processes;
    }

    /** SIGCONT of what {@link #pause} stopped. */
    public void resume(List<String> processes) throws IOException, InterruptedException {
        List<String> kill = new ArrayList<>(List.of("kill", "-CONT"));
        kill.addAll(processes);
        run(kill);
    }

    public int port() {
        return port;
    }

    public String url(String address) {
        return "jdbc:postgresql://" + address + ":" + port + "/postgres";
    }

    public String url() {
        return url(addresses.get(0));
    }

    /** A new, empty database and an unpooled data source on it from the driver's OSGi {@link DataSourceFactory}. */
    public DataSource newDatabase(String name) throws java.sql.SQLException {
        try (java.sql.Connection connection = dataSource(url(), 10).getConnection();
                java.sql.Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        return dataSource(url().replace("/postgres", "/" + name), 2);
    }

    public static DataSource dataSource(String url, int socketTimeoutSeconds) throws java.sql.SQLException {
        Properties properties = new Properties();
        properties.setProperty(DataSourceFactory.JDBC_URL, url);
        properties.setProperty(DataSourceFactory.JDBC_USER, USER);
        properties.setProperty("connectTimeout", "2");
        properties.setProperty("socketTimeout", Integer.toString(socketTimeoutSeconds));
        return new PGDataSourceFactory().createDataSource(properties);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            asPostgres(List.of(
                    bin.resolve("pg_ctl").toString(), "--pgdata=" + data(), "--wait", "--mode=immediate", "stop"));
        } catch (IOException e) {
            // already stopped
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        }
    }

    private static Path binaries() throws IOException {
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(bin -> Files.isExecutable(bin.resolve("pg_ctl")))
                    .max(Comparator.naturalOrder())
                    .orElseThrow(() -> new IOException("PostgreSQL is not installed (Debian package postgresql)"));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException("PostgreSQL is not installed (Debian package postgresql)", e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void asPostgres(List<String> command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (isRoot()) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        run(full);
    }

    public static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("timed out: " + command);
        }
        if (process.exitValue() != 0) {
            throw new IOException("failed (" + process.exitValue() + "): " + command + "\n" + output);
        }
        return output;
    }
}
