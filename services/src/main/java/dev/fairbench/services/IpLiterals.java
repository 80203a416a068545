package dev.fairbench.services;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * Checks of the IP addresses and networks that {@link ServiceOptions} accepts, without any DNS lookup: an address is
 * an IPv4 dotted quad or an IPv6 literal, a network is such an address, {@code /} and a prefix length. Stateless.
 */
final class IpLiterals {
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern PREFIX = Pattern.compile("\\d{1,3}");

    private IpLiterals() {}

    /**
     * {@code text} parsed as an IP literal.
     *
     * @throws IllegalArgumentException when it is not one (a host name included)
     */
    static InetAddress address(String text) {
        if (text == null || !(IPV4.matcher(text).matches() || IPV6.matcher(text).matches())) {
            throw new IllegalArgumentException("not an IP address: " + text);
        }
        try {
            // a literal, so getByName parses it and looks nothing up
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + text, e);
        }
    }

    /**
     * {@code text} checked as a network in CIDR notation ({@code 10.0.0.0/24}, {@code fd00::/64}) and returned as
     * given.
     *
     * @throws IllegalArgumentException when it is not one
     */
    static String network(String text) {
        int slash = text == null ? -1 : text.indexOf('/');
        if (slash < 0 || !PREFIX.matcher(text.substring(slash + 1)).matches()) {
            throw new IllegalArgumentException("not a network in CIDR notation (address/prefix): " + text);
        }
        InetAddress address = address(text.substring(0, slash));
        int prefix = Integer.parseInt(text.substring(slash + 1));
        int bits = address instanceof Inet4Address ? 32 : 128;
        if (prefix > bits) throw new IllegalArgumentException("prefix longer than " + bits + " bits: " + text);
        return text;
    }

    /** {@code address} as the host part of a URL: IPv6 literals in brackets. */
    static String urlHost(String address) {
        return address(address) instanceof Inet6Address ? "[" + address + "]" : address;
    }
}
