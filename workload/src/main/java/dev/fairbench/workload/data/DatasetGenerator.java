package dev.fairbench.workload.data;

import dev.fairbench.workload.SplitMix64;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates the blog of the contract from splitmix64 with seed {@value #SEED}: 10 authors, 30 tags, 1 000 posts,
 * 2 600 post-tag links, 10 000 comments. Pure and deterministic: the same rows on every machine and JDK
 * (only integer arithmetic and fixed word lists). Texts contain the five escaped characters, non-ASCII letters and
 * line feeds, and never {@code +} or other control characters.
 */
public final class DatasetGenerator {
    public static final long SEED = 42;
    public static final int AUTHORS = 10;
    public static final int TAGS = 30;
    public static final int POSTS = 1_000;
    public static final int POST_TAGS = 2_600;
    public static final int COMMENTS = 10_000;
    /** Posts with an id up to this one carry 3 tags, the rest 2. */
    static final int POSTS_WITH_THREE_TAGS = 600;
    static final LocalDate FIRST_DAY = LocalDate.of(2023, 1, 1);
    static final int DAYS = 1_000;

    private static final String[] AUTHOR_NAMES = {
        "Ada Lovelace", "Олена Коваленко", "José Müller", "Grace Hopper", "Тарас Шевчук",
        "Zoë Dubois", "Linus O'Neill", "Марія Бондаренко", "François Lefèvre", "Ken \"K&R\" Thompson",
    };

    private static final String[][] TAG_SLUGS_AND_NAMES = {
        {"java", "Java"}, {"go", "Go"}, {"rust", "Rust"}, {"postgresql", "PostgreSQL"}, {"redis", "Redis"},
        {"http", "HTTP"}, {"latency", "Latency"}, {"throughput", "Throughput"}, {"gc", "Garbage collection"},
        {"jvm", "JVM"}, {"tokio", "Tokio"}, {"netty", "Netty"}, {"vertx", "Vert.x"}, {"spring", "Spring"},
        {"profiling", "Profiling"}, {"benchmarks", "Бенчмарки"}, {"linux", "Linux"}, {"kernel", "Kernel"},
        {"syscalls", "Syscalls"}, {"memory", "Пам'ять"}, {"caching", "Caching & CDNs"},
        {"templates", "<Templates>"}, {"sql", "SQL"}, {"networking", "Networking"}, {"tcp", "TCP"},
        {"cafe", "Café"}, {"testing", "Testing"}, {"observability", "Observability"},
        {"capacity", "Capacity \"planning\""}, {"ops", "Ops"},
    };

    private static final String[] WORDS = {
        "fast", "slow", "queue", "socket", "thread", "pool", "cache", "query", "index", "latency", "tail",
        "median", "kernel", "buffer", "worker", "runtime", "heap", "page", "request", "response", "stack",
        "loop", "event", "batch", "pipeline", "trip", "write", "read", "lock", "future",
    };

    private static final String[] UKRAINIAN_WORDS = {
        "швидкий", "запит", "черга", "пам'ять", "потік", "сторінка", "кеш", "ядро", "затримка", "відповідь",
    };

    private static final String[] ACCENTED_WORDS = {"café", "naïve", "déjà vu", "façade", "über", "señor", "smörgåsbord"};

    private static final String[] TITLE_TWISTS = {
        " & more", " <draft>", " \"quoted\"", " it's fine", " (5 > 3)", " 1 < 2", " Tom & Jerry's",
    };

    private static final String XSS = "<script>alert(1)</script>";

    private DatasetGenerator() {}

    public static Dataset generate() {
        SplitMix64 rng = new SplitMix64(SEED);

        List<Author> authors = new ArrayList<>(AUTHORS);
        for (int i = 0; i < AUTHORS; i++) authors.add(new Author(i + 1, AUTHOR_NAMES[i]));

        List<Tag> tags = new ArrayList<>(TAGS);
        for (int i = 0; i < TAGS; i++) {
            tags.add(new Tag(i + 1, TAG_SLUGS_AND_NAMES[i][0], TAG_SLUGS_AND_NAMES[i][1]));
        }

        List<Post> posts = new ArrayList<>(POSTS);
        for (int id = 1; id <= POSTS; id++) {
            int authorId = 1 + rng.nextInt(AUTHORS);
            String w1 = pick(rng, WORDS), w2 = pick(rng, WORDS), w3 = pick(rng, WORDS);
            String slug = w1 + "-" + w2 + "-" + w3 + "-" + id;
            String title = capitalize(w1) + " " + w2 + " " + w3 + titleTwist(rng);
            String body = body(rng);
            LocalDate day = FIRST_DAY.plusDays(rng.nextInt(DAYS));
            posts.add(new Post(id, authorId, slug, title, body, day));
        }

        List<PostTag> postTags = new ArrayList<>(POST_TAGS);
        for (int postId = 1; postId <= POSTS; postId++) {
            int count = postId <= POSTS_WITH_THREE_TAGS ? 3 : 2;
            int[] chosen = new int[count];
            for (int k = 0; k < count; k++) {
                int tagId;
                do {
                    tagId = 1 + rng.nextInt(TAGS);
                } while (contains(chosen, k, tagId));
                chosen[k] = tagId;
            }
            java.util.Arrays.sort(chosen);
            for (int tagId : chosen) postTags.add(new PostTag(postId, tagId));
        }

        List<Comment> comments = new ArrayList<>(COMMENTS);
        for (int id = 1; id <= COMMENTS; id++) {
            // Posts with an id divisible by 97 get no comment, so pages show "0 comments".
            int postId;
            do {
                postId = 1 + rng.nextInt(POSTS);
            } while (postId % 97 == 0);
            String name = AUTHOR_NAMES[rng.nextInt(AUTHOR_NAMES.length)].split(" ")[0];
            comments.add(new Comment(id, postId, name, commentBody(rng, id)));
        }
        return new Dataset(authors, tags, posts, postTags, comments);
    }

    private static String titleTwist(SplitMix64 rng) {
        int roll = rng.nextInt(20);
        if (roll < TITLE_TWISTS.length) return TITLE_TWISTS[roll];
        if (roll == 10) return " " + pick(rng, UKRAINIAN_WORDS);
        if (roll == 11) return " " + pick(rng, ACCENTED_WORDS);
        return "";
    }

    private static String body(SplitMix64 rng) {
        int paragraphs = 1 + rng.nextInt(3);
        StringBuilder body = new StringBuilder(600);
        for (int p = 0; p < paragraphs; p++) {
            if (p > 0) body.append('\n');
            body.append(sentence(rng, 12 + rng.nextInt(20)));
            if (rng.nextInt(4) == 0) body.append(" Результат: ").append(pick(rng, UKRAINIAN_WORDS)).append('.');
            if (rng.nextInt(5) == 0) body.append(" Note: a < b && b > c, \"so\" it's ").append(pick(rng, ACCENTED_WORDS)).append('.');
        }
        return body.toString();
    }

    private static String commentBody(SplitMix64 rng, int id) {
        if (id % 500 == 0) return XSS;
        int roll = rng.nextInt(10);
        String text = sentence(rng, 4 + rng.nextInt(12));
        return switch (roll) {
            case 0 -> text + " Дякую!";
            case 1 -> "\"" + text + "\" & that's it";
            case 2 -> text + " <3";
            case 3 -> "Très " + pick(rng, ACCENTED_WORDS) + ": " + text;
            default -> text;
        };
    }

    private static String sentence(SplitMix64 rng, int words) {
        StringBuilder s = new StringBuilder(words * 7);
        for (int i = 0; i < words; i++) {
            String w = pick(rng, WORDS);
            s.append(i == 0 ? capitalize(w) : w);
            s.append(i == words - 1 ? "." : " ");
        }
        return s.toString();
    }

    private static String pick(SplitMix64 rng, String[] words) {
        return words[rng.nextInt(words.length)];
    }

    private static String capitalize(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static boolean contains(int[] values, int length, int value) {
        for (int i = 0; i < length; i++) if (values[i] == value) return true;
        return false;
    }
}
