use super::*;

#[test]
fn names_are_unique_and_findable_and_defaults_fit_their_kind() {
    for (i, s) in Setting::ALL.iter().enumerate() {
        assert_eq!(s.index(), i);
        assert_eq!(Setting::find(&s.name().to_ascii_uppercase()), Some(*s));
        let spec = s.spec();
        assert!(!spec.summary.is_empty());
        // The default is the setting's own, and its own parser reads it back.
        assert_eq!(spec.default.setting(), *s);
        assert_eq!(s.parse(&spec.default.to_string()), Ok(spec.default.clone()));
        // A fresh session's settings are the registry's defaults.
        assert_eq!(Settings::default().get(*s), spec.default);
    }
    assert_eq!(Setting::find("time"), None);
}

#[test]
fn a_range_is_written_once() {
    // What a bad number is told names the range the parser checks: the
    // text `MIN..=MAX` of the setting's kind.
    for &s in Setting::ALL {
        if let Some((min, max)) = s.range() {
            let range = format!("{min} to {max}");
            assert!(s.spec().expects.contains(&range), "{}", s.name());
            assert!(s.parse(&min.to_string()).is_ok(), "{}", s.name());
            assert!(s.parse(&max.to_string()).is_ok(), "{}", s.name());
            if max < u64::MAX {
                assert!(s.parse(&(max + 1).to_string()).is_err(), "{}", s.name());
            }
            if min > 0 {
                assert!(s.parse(&(min - 1).to_string()).is_err(), "{}", s.name());
            }
        }
    }
}

#[test]
fn every_value_applied_is_read_back() {
    // Each setting's default shown and each completion offered, parsed,
    // applied and read: the same change (`apply` and `get` agree).
    for &s in Setting::ALL {
        let mut texts: Vec<String> = s.completions().iter().map(|w| w.to_string()).collect();
        if let Some((min, max)) = s.range() {
            texts.extend([min.to_string(), max.to_string()]);
        }
        for text in texts {
            let change = s.parse(&text).unwrap();
            let mut settings = Settings::default();
            settings.apply(change.clone());
            assert_eq!(settings.get(s), change, "{} {text}", s.name());
        }
    }
}

#[test]
fn flags_take_on_and_off_only() {
    let mut settings = Settings::default();
    assert!(!settings.quiet);
    assert_eq!(Setting::Quiet.parse("ON"), Ok(Change::Quiet(true)));
    assert_eq!(Setting::Quiet.parse("yes"), Err("`on` or `off`"));
    // A number is not a flag's value.
    assert_eq!(Setting::Timer.parse("1"), Err("`on` or `off`"));
    settings.apply(Change::Quiet(true));
    assert!(settings.quiet);
    assert!(!settings.timer);
}

#[test]
fn threads_take_a_number_or_auto() {
    let mut settings = Settings::default();
    // `auto` is the cores the machine offers: at least one.
    assert_eq!(settings.threads, Threads::Auto);
    assert!(settings.threads() >= 1);
    assert_eq!(
        Setting::Threads.parse("4"),
        Ok(Change::Threads(Threads::N(4)))
    );
    assert_eq!(
        Setting::Threads.parse("AUTO"),
        Ok(Change::Threads(Threads::Auto))
    );
    for bad in ["0", "257", "two", "-1", ""] {
        assert_eq!(
            Setting::Threads.parse(bad),
            Err("a number of threads 1 to 256, or `auto`"),
            "{bad:?}"
        );
    }
    settings.apply(Change::Threads(Threads::N(3)));
    assert_eq!(settings.threads(), 3);
    assert_eq!(Setting::Threads.completions(), ["auto"]);
}

#[test]
fn the_seed_takes_its_draws() {
    assert_eq!(
        Setting::Seed.parse("7+3"),
        Ok(Change::Seed {
            seed: 7,
            draws: Some(3)
        })
    );
    assert_eq!(Setting::Seed.parse("7+3").unwrap().to_string(), "7+3");
    for bad in ["7+", "+3", "x+1", "seven", "-1"] {
        assert!(Setting::Seed.parse(bad).is_err(), "{bad:?}");
    }
    // The setting keeps the seed; the draws are the game's.
    let mut settings = Settings::default();
    settings.apply(Change::Seed {
        seed: 7,
        draws: Some(3),
    });
    assert_eq!(settings.seed, 7);
    assert_eq!(settings.get(Setting::Seed).to_string(), "7");
}

#[test]
fn house_rules_are_typed_and_default_to_the_contest() {
    let mut settings = Settings::default();
    assert_eq!(settings.house(), House::CONTEST);
    assert_eq!(Setting::find("back-do"), Some(Setting::BackDo));
    assert_eq!(Setting::find("Catch-Bonus"), Some(Setting::CatchBonus));
    assert_eq!(Setting::Tokens.parse("5"), Ok(Change::Tokens(5)));
    for bad in ["0", "6", "four", ""] {
        assert_eq!(
            Setting::Tokens.parse(bad),
            Err("a number of tokens 1 to 5"),
            "{bad:?}"
        );
    }
    settings.apply(Change::Tokens(2));
    settings.apply(Change::BackDo(true));
    settings.apply(Change::CatchBonus(false));
    let want = House {
        tokens: 2,
        back_do: true,
        catch_bonus: false,
    };
    assert_eq!(settings.house(), want);
    assert_eq!(settings.get(Setting::Tokens).to_string(), "2");
    assert_eq!(settings.get(Setting::BackDo).to_string(), "on");
    assert_eq!(settings.get(Setting::CatchBonus).to_string(), "off");
    assert_eq!(Setting::BackDo.completions(), ["on", "off"]);
    // A count built in code out of the range is brought into it (1..=5).
    settings.apply(Change::Tokens(9));
    assert_eq!(settings.house().tokens, 5);
}

#[test]
fn versus_settings_are_typed() {
    let mut settings = Settings::default();
    assert_eq!(settings.level, LEVEL_MAX);
    // The setting's top is the engine's full-strength level.
    assert_eq!(LEVEL_MAX, u64::from(crate::congo::search::TOP_LEVEL));
    assert_eq!(Setting::Level.parse("3"), Ok(Change::Level(3)));
    assert_eq!(Setting::Level.parse("12"), Ok(Change::Level(12)));
    for bad in ["0", "13", "top"] {
        assert_eq!(
            Setting::Level.parse(bad),
            Err("a level 1 to 12 (1 weakest, 12 full strength)"),
            "{bad:?}"
        );
    }
    settings.apply(Change::Level(3));
    assert_eq!(settings.level, 3);
    // A side's own word changes its game alone.
    assert_eq!(
        Setting::Computer.parse("Black"),
        Ok(Change::Computer(ComputerChange {
            congo: Some(CongoComputer::Black),
            yut: None
        }))
    );
    assert!(Setting::Computer.parse("red").is_err());
    settings.apply(Change::Computer(ComputerChange::all(Computer {
        congo: CongoComputer::Both,
        yut: YutComputer::Both,
    })));
    assert_eq!(settings.computer.congo, CongoComputer::Both);
    assert_eq!(settings.computer.yut, YutComputer::Both);
    assert_eq!(
        Setting::Draw.parse("repetition"),
        Ok(Change::Draw(Draw::Repetition))
    );
    settings.apply(Change::Draw(Draw::Repetition));
    assert_eq!(settings.get(Setting::Draw).to_string(), "repetition");
    assert_eq!(Setting::Show.parse("OFF"), Ok(Change::Show(Show::Off)));
    // `on` is a word `show` takes, but not a number.
    assert_eq!(Setting::Show.parse("1"), Err("`auto`, `on` or `off`"));
    assert_eq!(
        Setting::Theme.parse("Light"),
        Ok(Change::Theme(Theme::Light))
    );
    assert_eq!(
        Setting::Theme.parse("grey"),
        Err("`auto`, `light` or `dark`")
    );
    settings.apply(Change::Theme(Theme::Dark));
    assert_eq!(settings.get(Setting::Theme).to_string(), "dark");
    // Every word each takes is offered when completing.
    for (setting, words) in [
        (
            Setting::Computer,
            vec!["none", "white", "black", "upper", "lower", "both"],
        ),
        (Setting::Draw, Draw::ALL.map(Draw::name).to_vec()),
        (Setting::Show, Show::ALL.map(Show::name).to_vec()),
        (Setting::Theme, Theme::ALL.map(Theme::name).to_vec()),
        (Setting::Rules, Rules::ALL.map(Rules::name).to_vec()),
        (Setting::First, Team::ALL.map(team_name).to_vec()),
    ] {
        assert_eq!(setting.completions(), words.as_slice());
    }
}

#[test]
fn each_game_has_its_own_computer() {
    // Worked by hand: each change keeps the other game's side unless it
    // names both games (`none`, `both`, or the two-game form).
    let mut settings = Settings::default();
    let set = |settings: &mut Settings, text: &str| {
        settings.apply(Setting::Computer.parse(text).unwrap());
        settings.get(Setting::Computer).to_string()
    };
    assert_eq!(set(&mut settings, "white"), "white");
    assert_eq!(set(&mut settings, "upper"), "congo white, yut upper");
    assert_eq!(set(&mut settings, "CONGO black"), "congo black, yut upper");
    assert_eq!(set(&mut settings, "yut none"), "black");
    assert_eq!(set(&mut settings, "congo both"), "congo both");
    assert_eq!(set(&mut settings, "yut both"), "both");
    assert_eq!(set(&mut settings, "congo none"), "yut both");
    assert_eq!(
        set(&mut settings, "congo white, yut lower"),
        "congo white, yut lower"
    );
    assert_eq!(set(&mut settings, "off"), "none");
    assert_eq!(settings.computer, Computer::NONE);
    // What `set` shows reads back to the same setting, applied after
    // `set computer none` (as `save` writes it).
    for congo in CongoComputer::ALL {
        for yut in YutComputer::ALL {
            let c = Computer { congo, yut };
            let mut s = Settings::default();
            s.apply(Change::Computer(ComputerChange::all(c)));
            let shown = s.get(Setting::Computer).to_string();
            let mut back = Settings::default();
            back.apply(Setting::Computer.parse(&shown).unwrap());
            assert_eq!(back.computer, c, "{shown}");
        }
    }
    // Not a side of the game named, a game twice, a game alone: refused.
    for bad in [
        "congo upper",
        "yut white",
        "congo white congo black",
        "congo",
        "yut",
        "white black",
        "",
    ] {
        assert!(Setting::Computer.parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn declared_flags_fit_their_settings() {
    // A switch turns an `on`/`off` setting on; every flag has its own
    // place in `--help`, none `--color`'s; a declared note is a paragraph.
    let mut places = vec![Flag::COLOR_PLACE];
    for &s in Setting::ALL {
        let spec = s.spec();
        if let Some(flag) = spec.flag {
            if flag.value_name.is_none() {
                assert_eq!(spec.kind, ValueKind::Flag, "{}", s.name());
            }
            assert!(!flag.help.ends_with('.'), "{}", s.name());
            places.push(flag.place);
        }
        if let Some(note) = spec.note {
            assert!(note().ends_with('\n'), "{}", s.name());
        }
    }
    let count = places.len();
    places.sort_unstable();
    places.dedup();
    assert_eq!(places.len(), count, "two flags in one place");
    // The places run on without a gap (the flags' order in `--help`).
    assert_eq!(places, (0..count).collect::<Vec<_>>());
}
