package dev.fairbench.runner;

import dev.fairbench.loadgen.LoadSpec;
import dev.fairbench.workload.Route;
import dev.fairbench.workload.data.Dataset;
import dev.fairbench.workload.data.Post;
import dev.fairbench.workload.data.Tag;
import dev.fairbench.workload.phash.PHash;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * The load of each route: detail pages rotate over the post slugs (all, or the first {@code detailSlugs}), tag
 * pages over every tag slug, {@code /phash} posts test image 1 ({@link PHash#testImage}), the others request
 * their one path. Immutable.
 */
public final class RouteTargets {
    private final List<String> detailPaths;
    private final List<String> detailCachedPaths;
    private final List<String> tagPaths;
    private final byte[] phashImage = PHash.testImage(1);

    public RouteTargets(Dataset dataset, int detailSlugs) {
        List<Post> posts = detailSlugs > 0 && detailSlugs < dataset.posts().size()
                ? dataset.posts().subList(0, detailSlugs) : dataset.posts();
        this.detailPaths = posts.stream().map(p -> "/post/" + p.slug()).toList();
        this.detailCachedPaths = posts.stream().map(p -> "/post/" + p.slug() + "/cached").toList();
        this.tagPaths = dataset.tags().stream().map(Tag::slug).map(s -> "/tag/" + s).toList();
    }

    /** The request paths of a route, in rotation order. */
    public List<String> paths(Route route) {
        return switch (route) {
            case INDEX -> List.of("/");
            case DETAIL -> detailPaths;
            case TAG -> tagPaths;
            case INDEX_CACHED -> List.of("/cached");
            case DETAIL_CACHED -> detailCachedPaths;
            case COMPUTE -> List.of("/compute");
            case HELLO -> List.of("/hello");
            case PHASH -> List.of("/phash");
        };
    }

    /** A closed-loop spec for {@code route} on 127.0.0.1:port, without warm-up or log. */
    public LoadSpec spec(Route route, int port, int connections, int threads, Duration duration) {
        return spec(route, "127.0.0.1", port, connections, threads, duration);
    }

    /** A closed-loop spec for {@code route} on {@code address:port}, without warm-up or log. */
    public LoadSpec spec(Route route, String address, int port, int connections, int threads, Duration duration) {
        LoadSpec spec = LoadSpec.closedLoop(URI.create("http://" + address + ":" + port + "/"), connections, threads,
                        duration)
                .withPaths(paths(route));
        if (route == Route.PHASH) {
            spec = spec.withMethod("POST").withBody(phashImage)
                    .withHeaders(List.of("Content-Type: application/octet-stream"));
        }
        return spec;
    }
}
