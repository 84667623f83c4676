package io.hanacdc.cluster;

import io.hanacdc.common.CdcException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * hanacdc.cluster.peers: the hosts the replicas' admin addresses may name — host names, IP addresses and CIDR ranges
 * (10.0.0.0/8, fd00::/8), comma-separated; empty: any host. A range matches an address given as an IP (the pod IP
 * k8s/deployment.yaml gives each replica); a name matches as written. Nothing is resolved, so DNS cannot widen it.
 */
public final class PeerAllowList {
    static final String KEY = "hanacdc.cluster.peers";
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F.]*:[0-9a-fA-F:.]*");

    private record Range(byte[] network, int bits) {
        boolean contains(InetAddress a) {
            byte[] b = a.getAddress();
            if (b.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((b[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private final Set<String> names = new TreeSet<>();
    private final List<Range> ranges = new ArrayList<>();

    public static PeerAllowList parse(String value) {
        PeerAllowList list = new PeerAllowList();
        for (String raw : value.split(",")) {
            String entry = raw.strip().toLowerCase(Locale.ROOT);
            if (entry.isEmpty()) {
                continue;
            }
            int slash = entry.indexOf('/');
            Optional<InetAddress> ip = literal(slash < 0 ? entry : entry.substring(0, slash));
            if (ip.isEmpty() && slash < 0 && entry.matches("[a-z0-9]([a-z0-9.-]*[a-z0-9])?")) {
                list.names.add(entry);
                continue;
            }
            int bits;
            try {
                bits = ip.isEmpty() ? -1 : slash < 0 ? ip.get().getAddress().length * 8 : Integer.parseInt(entry.substring(slash + 1));
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (bits < 0 || bits > ip.get().getAddress().length * 8) {
                throw new CdcException(KEY + ": '" + raw.strip() + "' is neither a host name, an IP address nor a CIDR range (10.0.0.0/8, fd00::/8)");
            }
            list.ranges.add(new Range(ip.get().getAddress(), bits));
        }
        return list;
    }

    /** Whether the host (as java.net.URI gives it, an IPv6 address in brackets) is one the replicas' addresses may name. */
    public boolean allows(String host) {
        if (names.isEmpty() && ranges.isEmpty()) {
            return true;
        }
        String h = host.toLowerCase(Locale.ROOT);
        Optional<InetAddress> ip = literal(h);
        return names.contains(h) || ip.isPresent() && ranges.stream().anyMatch(r -> r.contains(ip.get()));
    }

    /** The IP a host names when it is an IP literal (parsed, never looked up). */
    private static Optional<InetAddress> literal(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!IPV4.matcher(h).matches() && !IPV6.matcher(h).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(h)); // a literal: no lookup
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}
