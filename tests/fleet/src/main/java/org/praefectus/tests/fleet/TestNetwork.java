package org.praefectus.tests.fleet;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Test hosts in network namespaces of their own: host {@code i} is namespace {@code <prefix>n<i>}, joined to
 * the test's own namespace by a veth pair on a /30 of 10.x.y.0 chosen at random, so parallel runs neither
 * share names nor addresses. {@link #close} deletes everything it made.
 */
public final class TestNetwork implements AutoCloseable {

    private final String prefix;
    private final int second;
    private final int third;
    private final int hosts;

    private TestNetwork(String prefix, int second, int third, int hosts) {
        this.prefix = prefix;
        this.second = second;
        this.third = third;
        this.hosts = hosts;
    }

    public static TestNetwork create(int hosts) throws IOException, InterruptedException {
        SecureRandom random = new SecureRandom();
        byte[] name = new byte[3];
        random.nextBytes(name);
        TestNetwork network = new TestNetwork(
                "pfx" + HexFormat.of().formatHex(name), 200 + random.nextInt(50), random.nextInt(250), hosts);
        try {
            for (int i = 0; i < hosts; i++) {
                network.add(i);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            network.close();
            throw e;
        }
        return network;
    }

    private void add(int i) throws IOException, InterruptedException {
        ip("netns", "add", namespace(i));
        ip("link", "add", rootLink(i), "type", "veth", "peer", "name", hostLink(i));
        ip("link", "set", hostLink(i), "netns", namespace(i));
        ip("addr", "add", rootAddress(i) + "/30", "dev", rootLink(i));
        ip("link", "set", rootLink(i), "up");
        ip("-n", namespace(i), "addr", "add", hostAddress(i) + "/30", "dev", hostLink(i));
        ip("-n", namespace(i), "link", "set", hostLink(i), "up");
        ip("-n", namespace(i), "link", "set", "lo", "up");
    }

    public String namespace(int i) {
        return prefix + "n" + i;
    }

    private String rootLink(int i) {
        return prefix + "r" + i;
    }

    private String hostLink(int i) {
        return prefix + "h" + i;
    }

    /** The test's own address on host {@code i}'s link: where that host reaches PostgreSQL. */
    public String rootAddress(int i) {
        return "10." + second + "." + third + "." + (4 * i + 1);
    }

    /** Host {@code i}'s own address. */
    public String hostAddress(int i) {
        return "10." + second + "." + third + "." + (4 * i + 2);
    }

    public List<String> rootAddresses() {
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            addresses.add(rootAddress(i));
        }
        return addresses;
    }

    public void linkDown(int i) throws IOException, InterruptedException {
        ip("link", "set", rootLink(i), "down");
    }

    public void linkUp(int i) throws IOException, InterruptedException {
        ip("link", "set", rootLink(i), "up");
    }

    /**
     * Drops every packet host {@code i} sends or receives on its link (an nftables table in its namespace; its
     * loopback is untouched): connections stay open on both sides, nothing arrives, as behind a failed router
     * or a firewall that drops silently. {@link #restore} removes it.
     */
    public void blackhole(int i) throws IOException, InterruptedException {
        String table = blackholeTable();
        nft(i, "add", "table", "inet", table);
        nft(i, "add", "chain", "inet", table, "in", "{ type filter hook input priority 0; policy accept; }");
        nft(i, "add", "chain", "inet", table, "out", "{ type filter hook output priority 0; policy accept; }");
        nft(i, "add", "rule", "inet", table, "in", "iifname", hostLink(i), "drop");
        nft(i, "add", "rule", "inet", table, "out", "oifname", hostLink(i), "drop");
    }

    /** Ends {@link #blackhole}: host {@code i}'s packets flow again. */
    public void restore(int i) throws IOException, InterruptedException {
        nft(i, "delete", "table", "inet", blackholeTable());
    }

    private String blackholeTable() {
        return prefix + "blackhole";
    }

    private void nft(int i, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("nft"));
        command.addAll(List.of(arguments));
        PostgresServer.run(inHost(i, command));
    }

    /** {@code command} run inside host {@code i}'s namespace ({@code ip netns exec} execs it: same PID). */
    public List<String> inHost(int i, List<String> command) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespace(i)));
        full.addAll(command);
        return full;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        IOException first = null;
        for (int i = 0; i < hosts; i++) {
            try {
                ip("netns", "del", namespace(i)); // takes its end of the veth pair, and so the pair, with it
            } catch (IOException e) {
                first = first == null ? e : first;
            }
            try {
                ip("link", "del", rootLink(i));
            } catch (IOException e) {
                // gone with the namespace
            }
        }
        if (first != null && first.getMessage() != null && !first.getMessage().contains("No such file")) {
            throw first;
        }
    }

    private static void ip(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(arguments));
        PostgresServer.run(command);
    }
}
