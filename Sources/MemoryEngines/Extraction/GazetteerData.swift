/// Built-in gazetteer for the offline rule-based named-entity extractor: lists of
/// given names, surnames, places, organisations, nationality/group words and the
/// prefix, suffix and title words that mark person, organisation and place names.
///
/// Compiled by hand for memoryd from general knowledge; no third-party list is reproduced. Public domain (CC0) like the rest of this file's facts.
///
/// Format: each list is one multi-line string with one entry per line, in the
/// entry's usual capitalisation, no blank lines, no comments and no duplicates.
/// Lists 1-9 (`givenNames` ... `nationalities`) are disjoint: an entry sits in the
/// list of its dominant meaning, and the `ambiguous*` lists hold entries whose
/// lowercase form is an ordinary English word or a common given name.
enum GazetteerData {
    /// Common given names (first names), international, in their usual spelling. Names that are also ordinary English words are in `ambiguousGivenNames` instead.
    static let givenNames = """
        Aarav
        Aaron
        Aarti
        Abbas
        Abby
        Abdel
        Abdelaziz
        Abdi
        Abdirahman
        Abdul
        Abdullah
        Abdullahi
        Abdulrahman
        Abe
        Abebe
        Abena
        Abhishek
        Abigail
        Abimbola
        Abiodun
        Abiy
        Abraham
        Abubakar
        Achieng
        Achille
        Ada
        Adaeze
        Adam
        Adaora
        Addie
        Addison
        Ade
        Adebayo
        Adeel
        Adel
        Adele
        Adeline
        Adeola
        Adewale
        Adi
        Aditi
        Aditya
        Adnan
        Adrian
        Adrián
        Adriana
        Adrienne
        Adwoa
        Afia
        Afonso
        Agatha
        Agathe
        Agnes
        Agnieszka
        Agus
        Agustín
        Agustina
        Ahmad
        Ahmed
        Ahmet
        Aidan
        Aiden
        Aileen
        Ailsa
        Ainhoa
        Aino
        Aisha
        Aishwarya
        Aisling
        Aitana
        Ajay
        Akane
        Akash
        Akihiro
        Akiko
        Akinyi
        Akira
        Ákos
        Akosua
        Aksel
        Akshay
        Akua
        Al
        Alain
        Alan
        Alana
        Alasdair
        Alastair
        Alba
        Albert
        Alberto
        Aldo
        Alec
        Aled
        Alejandra
        Alejandro
        Aleksandar
        Aleksandr
        Aleksandra
        Aleksei
        Aleksi
        Alemayehu
        Alessandra
        Alessandro
        Alessia
        Alessio
        Alex
        Alexander
        Alexandra
        Alexandros
        Alexandru
        Alexei
        Alexey
        Alexis
        Alfie
        Alfonso
        Alfred
        Ali
        Alice
        Alicia
        Alicja
        Alina
        Aline
        Alireza
        Alison
        Alistair
        Alla
        Allen
        Allison
        Alma
        Alonso
        Alper
        Álvaro
        Alvin
        Alyona
        Alyssa
        Ama
        Amahle
        Amaka
        Amal
        Amanda
        Amandine
        Amani
        Amar
        Amelia
        Amélie
        Ami
        Amina
        Aminah
        Amine
        Aminu
        Amir
        Amira
        Amit
        Amitabh
        Ammar
        Amparo
        Amrit
        Amrita
        Amy
        Ana
        Anaïs
        Anand
        Ananya
        Anas
        Anastasia
        Anatoly
        Anders
        Andile
        André
        Andrea
        Andreas
        Andreea
        Andrei
        Andrés
        Andrew
        Andrey
        Andriy
        Andrzej
        Andy
        Angela
        Angelica
        Angelika
        Angeliki
        Angelina
        Angelo
        Angharad
        Angus
        Anh
        Aniket
        Anil
        Anish
        Anita
        Anja
        Anjali
        Anke
        Ankit
        Ankita
        Ann
        Anna
        Annalena
        Anne
        Anne-Marie
        Annegret
        Annemarie
        Annette
        Anni
        Annie
        Annika
        Anouk
        Anthony
        Antje
        Antoine
        Antoinette
        Anton
        Antonella
        Antoni
        Antonio
        António
        Antony
        Antti
        Anupam
        Anurag
        Anushka
        Anwar
        Anya
        Aoi
        Aoife
        Aparna
        Apolline
        Apostolos
        Arabella
        Arash
        Archana
        Archie
        Arda
        Aria
        Ariana
        Arianna
        Arie
        Ariel
        Arina
        Arjan
        Arjen
        Arjun
        Arkady
        Arnaud
        Arne
        Arnold
        Artem
        Arthur
        Arturo
        Artyom
        Arun
        Arvind
        Åsa
        Asaf
        Asha
        Asher
        Ashish
        Ashlee
        Ashley
        Ashok
        Ashraf
        Ashton
        Asif
        Aslı
        Asma
        Asmaa
        Astrid
        Asuka
        Athanasios
        Athena
        Atieno
        Attila
        Atul
        Aubrey
        Aude
        Audrey
        Aurélie
        Aurélien
        Aurore
        Ava
        Avery
        Avi
        Avinash
        Avraham
        Axel
        Aya
        Ayaan
        Ayaka
        Ayanda
        Ayesha
        Aylin
        Ayman
        Ayo
        Ayodele
        Ayoub
        Ayşe
        Aysha
        Ayu
        Ayumi
        Ayush
        Azadeh
        Azlan
        Babajide
        Babak
        Babar
        Bahar
        Bailey
        Balázs
        Baljit
        Bambang
        Bao
        Baptiste
        Barack
        Baraka
        Barbara
        Barbora
        Barry
        Bart
        Bartosz
        Barış
        Bas
        Bashir
        Basma
        Bassam
        Bea
        Beata
        Beatrice
        Béatrice
        Beatriz
        Beau
        Becca
        Beckett
        Becky
        Begoña
        Behnam
        Behrouz
        Belinda
        Bella
        Ben
        Bence
        Benedikt
        Benito
        Benjamin
        Benji
        Bennett
        Benny
        Benoît
        Bereket
        Berk
        Bernadette
        Bernard
        Bernd
        Bert
        Bertie
        Bertrand
        Beth
        Bethan
        Bethany
        Betty
        Bev
        Beverly
        Beyoncé
        Bharat
        Bhavna
        Bianca
        Bijan
        Bilal
        Biljana
        Billy
        Binyamin
        Birgit
        Birgitta
        Bisi
        Björk
        Björn
        Bjørn
        Blair
        Blake
        Bo
        Boaz
        Bobby
        Bogdan
        Bohdan
        Bojan
        Bola
        Bolaji
        Bolanle
        Bongani
        Bonnie
        Boris
        Bowen
        Bożena
        Brad
        Braden
        Bradley
        Bram
        Brandon
        Branko
        Braxton
        Brayden
        Brenda
        Brendan
        Brent
        Brett
        Brian
        Brianna
        Bridget
        Brigitte
        Britt
        Brody
        Brooke
        Bruce
        Bruna
        Bruno
        Bryan
        Bryce
        Bryn
        Bryson
        Budi
        Buhle
        Bukola
        Burak
        Busisiwe
        Büşra
        Byron
        Cade
        Caio
        Caitlin
        Cal
        Caleb
        Callie
        Callum
        Calum
        Calvin
        Camila
        Camilla
        Camille
        Camilo
        Candace
        Caoimhe
        Capucine
        Cara
        Carl
        Carla
        Carlo
        Carlos
        Carlton
        Carly
        Carmen
        Carmine
        Caroline
        Carolyn
        Carrie
        Carson
        Carter
        Carys
        Casey
        Cassandra
        Cassie
        Catalina
        Caterina
        Catherine
        Cathy
        Catriona
        Cécile
        Cecilia
        Cedric
        Cédric
        Celeste
        Celia
        Céline
        Cem
        Cengiz
        Ceren
        Cerys
        Cesare
        Chaeyoung
        Chaim
        Chana
        Chantal
        Charlene
        Charles
        Charlie
        Cheryl
        Chiaki
        Chiamaka
        Chiara
        Chidi
        Chidinma
        Chihiro
        Chimamanda
        Chinedu
        Chinelo
        Chinonso
        Chinwe
        Chioma
        Chisom
        Chiwetel
        Chloe
        Chloé
        Chris
        Christina
        Christine
        Christoffer
        Christoph
        Christophe
        Christopher
        Christos
        Chukwudi
        Chukwuemeka
        Chun
        Cian
        Ciara
        Ciaran
        Ciarán
        Cindy
        Ciro
        Claire
        Clara
        Clare
        Clarence
        Claude
        Claudia
        Claudio
        Clayton
        Clément
        Clifford
        Clint
        Clodagh
        Clyde
        Cody
        Cole
        Colette
        Colin
        Colleen
        Collin
        Colm
        Colton
        Conal
        Conceição
        Connie
        Connor
        Conor
        Conrad
        Constanza
        Consuelo
        Cooper
        Cora
        Coralie
        Corazon
        Corentin
        Corey
        Cormac
        Cornelis
        Cory
        Courtney
        Craig
        Cristian
        Cristiano
        Cristina
        Cristóbal
        Csaba
        Cuong
        Curtis
        Cynthia
        Cyril
        Cyrus
        Czesław
        Da-eun
        Daan
        Dafydd
        Dagmar
        Dahyun
        Daiki
        Daisuke
        Dakota
        Dalia
        Damian
        Damián
        Damien
        Damilola
        Damla
        Damon
        Dan
        Dana
        Daniel
        Daniela
        Daniele
        Danielle
        Daniil
        Danny
        Dante
        Danuta
        Daphne
        Dapo
        Daria
        Dario
        Darius
        Dariush
        Dariusz
        Darko
        Darlene
        Darragh
        Darren
        Darryl
        Darya
        Daryl
        Dasha
        Dave
        Davey
        David
        Davide
        Davor
        Dawit
        Dayo
        Deb
        Debbie
        Deborah
        Debra
        Declan
        Dee
        Deepa
        Deepak
        Deepika
        Defne
        Deirdre
        Dejan
        Deji
        Dele
        Delilah
        Delphine
        Denis
        Denise
        Deniz
        Dennis
        Derek
        Dermot
        Derrick
        Derya
        Desmond
        Despina
        Detlef
        Devin
        Devorah
        Dewi
        Dexter
        Dhruv
        Dian
        Diana
        Diane
        Dianne
        Diarmuid
        Didier
        Diego
        Dieter
        Dilara
        Dimitar
        Dimitra
        Dimitris
        Dina
        Dinesh
        Diogo
        Dirk
        Divya
        Dmitri
        Dmitry
        Dmytro
        Do-yoon
        Dolores
        Domenico
        Dominic
        Dominick
        Dominik
        Dominique
        Donal
        Donald
        Donatella
        Dong-hyun
        Donna
        Donnie
        Donovan
        Doris
        Dorota
        Dorothy
        Dorthe
        Doug
        Douglas
        Dragan
        Dragana
        Dror
        Duarte
        Duc
        Duncan
        Durga
        Dušan
        Dustin
        Dwayne
        Dwight
        Dylan
        Eamon
        Eamonn
        Easton
        Ebba
        Ebru
        Ebuka
        Ed
        Eddie
        Eddy
        Edgar
        Edin
        Edith
        Edmund
        Edoardo
        Eduardo
        Edward
        Edwin
        Eero
        Efe
        Effie
        Efrat
        Efua
        Egon
        Egor
        Ehsan
        Eiko
        Eileen
        Eilidh
        Eimear
        Einar
        Eino
        Eirik
        Eirini
        Eitan
        Ekaterina
        Ekene
        Eko
        Ekow
        Elad
        Elaine
        Eleanor
        Elena
        Eleni
        Eleonora
        Eleri
        Elham
        Eli
        Elias
        Elif
        Elijah
        Elin
        Elina
        Eline
        Elio
        Elisa
        Elise
        Élise
        Eliza
        Elizabeth
        Elke
        Ella
        Elle
        Ellen
        Ellie
        Elliot
        Elliott
        Ellis
        Elmer
        Élodie
        Eloise
        Elon
        Elsa
        Elsie
        Elton
        Elżbieta
        Ema
        Emad
        Emanuela
        Emanuele
        Emeka
        Emelie
        Emerson
        Emi
        Emil
        Émile
        Emilia
        Emiliano
        Émilie
        Emilio
        Emily
        Emine
        Emma
        Emmanuel
        Emmett
        Emmi
        Emre
        Emrys
        Enrico
        Enrique
        Enzo
        Eoin
        Ercan
        Erdem
        Eren
        Erez
        Eri
        Eric
        Éric
        Erica
        Erich
        Erik
        Erika
        Erin
        Ernest
        Ernie
        Ernst
        Erzsébet
        Esi
        Esmee
        Espen
        Esperanza
        Esra
        Essam
        Esteban
        Estelle
        Esther
        Eszter
        Ethan
        Ethel
        Étienne
        Ettore
        Euan
        Eugénie
        Eun-ji
        Eva
        Éva
        Evan
        Evangelos
        Evelyn
        Everett
        Everly
        Evgeny
        Evie
        Ewa
        Ewan
        Ezra
        Fabian
        Fabián
        Fabiana
        Fabio
        Fabrice
        Fabrizio
        Facundo
        Fadi
        Fahad
        Faisal
        Farah
        Farhad
        Farid
        Farnaz
        Farshid
        Farzad
        Fatih
        Fatima
        Fátima
        Fatimah
        Fatma
        Fausto
        Faye
        Federica
        Federico
        Felicity
        Felipe
        Felix
        Femi
        Femke
        Fenna
        Ferdinand
        Ferenc
        Fereshteh
        Fergal
        Fergus
        Fernando
        Ffion
        Filippo
        Finbar
        Finley
        Finn
        Fiona
        Fionnuala
        Fitri
        Flavio
        Florencia
        Florent
        Florian
        Florin
        Floyd
        Folake
        Folasade
        Fouad
        Frances
        Francesca
        Francesco
        Francis
        Francisca
        Francisco
        Franco
        François
        Françoise
        Franklin
        Franz
        Franziska
        Frauke
        Fred
        Freddie
        Freddy
        Frédéric
        Frederick
        Frederik
        Fredrik
        Freja
        Frenkie
        Freya
        Frida
        Friederike
        Friedrich
        Fritz
        Fumiko
        Fumio
        Funke
        Funmilayo
        Furaha
        Fyodor
        Gabe
        Gabi
        Gábor
        Gabriel
        Gabriela
        Gabriele
        Gabriella
        Gabrielle
        Gaël
        Gaëlle
        Gaetano
        Gage
        Gail
        Galina
        Gareth
        Garrett
        Gary
        Gaston
        Gaurav
        Gavin
        Gayatri
        Gbenga
        Geeta
        Geir
        Gemma
        Geneviève
        Gennady
        Gennaro
        Geoffrey
        George
        Georgi
        Georgina
        Georgios
        Georgy
        Geraint
        Gerald
        Geraldine
        Gerard
        Gérard
        Gerardo
        Gerd
        Gergely
        Gerhard
        Gerrit
        Gerry
        Gertrud
        Gethin
        Ghada
        Ghassan
        Gheorghe
        Giacomo
        Giada
        Giancarlo
        Gianluca
        Gianna
        Gianni
        Giannis
        Gideon
        Gilbert
        Gilles
        Gillian
        Gina
        Ginette
        Gino
        Giorgia
        Giorgio
        Giorgos
        Giovanna
        Giovanni
        Girish
        Gisela
        Gisele
        Gita
        Giulia
        Giulio
        Giuseppe
        Gladys
        Gleb
        Glenn
        Gloria
        Gökhan
        Golnaz
        Gonçalo
        Gonzalo
        Gopal
        Goran
        Gordana
        Gordon
        Gosia
        Gottfried
        Govind
        Gracie
        Graham
        Grainne
        Gráinne
        Grayson
        Graziella
        Grażyna
        Greg
        Grégoire
        Gregory
        Greta
        Griffin
        Grigory
        Grzegorz
        Guadalupe
        Gudrun
        Guido
        Guilherme
        Guillaume
        Guillermo
        Gunnar
        Günter
        Günther
        Gurpreet
        Gus
        Gustav
        Gustavo
        Guðrún
        Gwen
        Gwendolyn
        Gwyneth
        Ha-eun
        Habib
        Hadas
        Hadi
        Hadiza
        Hadley
        Hafiz
        Hai
        Haile
        Hailey
        Hajar
        Hakan
        Håkan
        Hal
        Haley
        Halima
        Halina
        Halvor
        Hamed
        Hamid
        Hamish
        Hamza
        Hana
        Hanako
        Hanan
        Hande
        Hanh
        Hani
        Hank
        Hanna
        Hannah
        Hanneke
        Hannelore
        Hans
        Hao
        Haoran
        Haoyu
        Harald
        Hari
        Harish
        Harjit
        Harley
        Harlow
        Harold
        Harper
        Harpreet
        Harriet
        Harrison
        Harry
        Hartmut
        Haruka
        Haruki
        Harumi
        Harun
        Haruna
        Haruto
        Harvey
        Hasan
        Hassan
        Hatem
        Hatice
        Hattie
        Hauwa
        Hayato
        Hayden
        Hayley
        Hazem
        Heba
        Hector
        Héctor
        Hedda
        Heidi
        Heike
        Heinrich
        Heinz
        Helen
        Helena
        Hélène
        Helga
        Helle
        Helmi
        Helmut
        Hema
        Hemant
        Hendra
        Hendrik
        Henk
        Henning
        Henri
        Henrietta
        Henrik
        Henrique
        Henry
        Henryk
        Herbert
        Herman
        Hermann
        Hervé
        Hiba
        Hicham
        Hideki
        Hideo
        Hieu
        Hikari
        Hila
        Hilary
        Hildegard
        Hillary
        Himari
        Hina
        Hira
        Hiroki
        Hiroko
        Hiroshi
        Hisham
        Hoa
        Hodan
        Holden
        Honoka
        Hooman
        Horacio
        Horst
        Hossein
        Howard
        Hristo
        Hrithik
        Hua
        Huan
        Hubert
        Huda
        Hudson
        Hugh
        Hugo
        Hui
        Hülya
        Huong
        Husain
        Hüseyin
        Hussein
        Huw
        Huy
        Hye-jin
        Hyejin
        Hyun
        Hyun-woo
        Iain
        Ian
        Ibrahim
        İbrahim
        Ichiro
        Ida
        Ido
        Idris
        Ieuan
        Ife
        Ifeanyi
        Ifeoma
        Ignacio
        Igor
        Ihor
        Iida
        Ikenna
        Ilaria
        Ildikó
        Ilhan
        Ilse
        Ilya
        Iman
        Imane
        Imani
        Imelda
        Imogen
        Imran
        Imre
        Inbar
        Indah
        Indira
        Inès
        Inés
        Inge
        Ingeborg
        Ingmar
        Ingo
        Ingrid
        Inna
        Ioan
        Ioana
        Ioanna
        Ioannis
        Ionuț
        İrem
        Irene
        Irina
        Irmgard
        Iryna
        Isaac
        Isabel
        Isabella
        Isabelle
        Isaiah
        Isha
        Ishaan
        Ishan
        Isla
        Ismael
        Ismail
        İsmail
        Issa
        István
        Itai
        Itay
        Itziar
        Ivan
        Iván
        Ivana
        Ivo
        Iwan
        Iwona
        Izumi
        Izzy
        Jaap
        Jabari
        Jace
        Jacek
        Jackie
        Jacob
        Jacqueline
        Jacques
        Jaden
        Jadwiga
        Jae
        Jae-hyun
        Jae-in
        Jae-myung
        Jafar
        Jagdish
        Jaime
        Jake
        Jakob
        Jakub
        Jamal
        James
        Jamie
        Jamil
        Jamila
        Jamshid
        Jana
        Jane
        Janet
        Janice
        Janina
        Jannik
        János
        Janusz
        Jared
        Jari
        Jarl
        Jaroslav
        Jarosław
        Jason
        Jasper
        Jaspreet
        Jaswinder
        Jatin
        Javier
        Jaxon
        Jaya
        Jayant
        Jayden
        Jean
        Jean-Claude
        Jean-François
        Jean-Louis
        Jean-Luc
        Jean-Marc
        Jean-Michel
        Jean-Paul
        Jean-Pierre
        Jeanette
        Jeanne
        Jeff
        Jeffrey
        Jelani
        Jelena
        Jen
        Jenna
        Jennie
        Jennifer
        Jenny
        Jens
        Jeremy
        Jérémy
        Jericho
        Jeroen
        Jerome
        Jérôme
        Jerry
        Jerzy
        Jesper
        Jess
        Jesse
        Jessica
        Jessie
        Jesus
        Jesús
        Jett
        Ji-ho
        Ji-hoon
        Ji-woo
        Ji-yeon
        Jiahui
        Jian
        Jianguo
        Jiayi
        Jide
        Jie
        Jieun
        Jihoon
        Jill
        Jim
        Jimin
        Jimmy
        Jing
        Jinping
        Jiří
        Jiro
        Jisoo
        Jisung
        Jitka
        Jiwoo
        Jiyeon
        Jo
        Joachim
        Joan
        Joana
        Joanna
        Joanne
        João
        Joaquín
        Jocelyn
        Jodie
        Joe
        Joel
        Joël
        Joey
        Johan
        Johann
        Johanna
        Johannes
        John
        Johnny
        Joko
        Jolien
        Jomo
        Jon
        Jón
        Jonah
        Jonas
        Jonathan
        Joon
        Joonas
        Joost
        Jordyn
        Jörg
        Jorge
        Joris
        José
        Josef
        Josefina
        Joseph
        Josephine
        Josh
        Joshua
        Joyce
        Józef
        Juan
        Juana
        Jude
        Judit
        Judith
        Judy
        Juha
        Juho
        Jukka
        Julia
        Julian
        Juliana
        Julianne
        Julie
        Julien
        Juliet
        Juliette
        Julio
        Juma
        Jun-ho
        Junaid
        Jungkook
        Junjie
        Junko
        Jürgen
        Justin
        Justyna
        Jutta
        Jyoti
        Jørgen
        Kaan
        Kabir
        Kacper
        Kagiso
        Kai
        Kaisa
        Kaitlyn
        Kaito
        Kajal
        Kajsa
        Kalani
        Kalpana
        Kamal
        Kamala
        Kamil
        Kamran
        Kana
        Kanako
        Kanye
        Kaori
        Kaoru
        Kapil
        Kara
        Karabo
        Karan
        Kåre
        Kareem
        Kareena
        Karel
        Karen
        Kari
        Karim
        Karin
        Karl
        Karol
        Kartik
        Kasia
        Kasper
        Kasumi
        Kat
        Katalin
        Katarina
        Katarzyna
        Kate
        Katerina
        Kateřina
        Katharina
        Katherine
        Kathleen
        Kathryn
        Kathy
        Katie
        Katja
        Katlego
        Katy
        Katya
        Kaveh
        Kavita
        Kavya
        Kayden
        Kayla
        Kaylee
        Kayode
        Kazimierz
        Kazuki
        Kazuko
        Kazuo
        Kazuya
        Keanu
        Kees
        Kehinde
        Keiko
        Keira
        Keisuke
        Keith
        Kelechi
        Kelly
        Kelsey
        Kelvin
        Kemal
        Ken
        Kendall
        Kendra
        Kenichi
        Kenji
        Kenneth
        Kenny
        Kenta
        Kenza
        Keqiang
        Kerem
        Keren
        Kerry
        Kerstin
        Ketut
        Kevin
        Khadija
        Khadijah
        Khaled
        Khalid
        Khalil
        Khanh
        Khrystyna
        Kian
        Kiera
        Kieran
        Kimberly
        Kinsley
        Kiran
        Kirill
        Kirk
        Kirsten
        Kirsty
        Kishore
        Kjell
        Klaas
        Klara
        Klaus
        Knox
        Knut
        Kobina
        Koen
        Kofi
        Kohei
        Koji
        Kojo
        Kola
        Komal
        Konrad
        Konstantin
        Konstantinos
        Kostas
        Kosuke
        Kourosh
        Kris
        Krishna
        Kristen
        Kristian
        Kristin
        Krisztina
        Krystyna
        Krzysztof
        Ksenia
        Kuldeep
        Kumiko
        Kunal
        Kunle
        Kurt
        Kwabena
        Kwadwo
        Kwaku
        Kwame
        Kwesi
        Kyle
        Kylie
        Kyoko
        Kyriakos
        Kyung
        Lacey
        Lachlan
        Laetitia
        Laila
        Lainey
        Lajos
        Lakshman
        Lakshmi
        Lamia
        Lana
        Larisa
        Larissa
        Larry
        Lars
        László
        Lata
        Laura
        Laure
        Lauren
        Laurent
        Lauri
        Lawrence
        Layla
        Lea
        Léa
        Leah
        Leandro
        Leanne
        LeBron
        Leena
        Lei
        Leif
        Leila
        Leilani
        Len
        Lena
        Lenka
        Lenny
        Leo
        Léo
        Leon
        Léon
        Leonard
        Leonardo
        Leonid
        Leonie
        Leonor
        Lerato
        Leroy
        Lesedi
        Leslie
        Lester
        Leticia
        Letícia
        Letizia
        Lev
        Levent
        Levente
        Levi
        Lewis
        Lexi
        Liam
        Liat
        Libby
        Lidia
        Lieke
        Liesbeth
        Liisa
        Lila
        Lili
        Lillian
        Lina
        Linda
        Lindiwe
        Lindsay
        Lindsey
        Ling
        Linh
        Linn
        Linnea
        Lionel
        Lior
        Lisa
        Lise
        Liv
        Livio
        Liz
        Lizzie
        Llewellyn
        Lloyd
        Logan
        Loïc
        Lois
        Lola
        Loredana
        Lorena
        Lorenza
        Lorenzo
        Lorraine
        Lothar
        Lotte
        Lottie
        Lou
        Louane
        Louis
        Louise
        Lourdes
        Lovisa
        Luana
        Lubna
        Luca
        Lucas
        Lucia
        Lucía
        Luciano
        Lucie
        Lucy
        Ludmila
        Ludovica
        Ludwig
        Luigi
        Luis
        Luís
        Luisa
        Luiz
        Luka
        Lukas
        Lukáš
        Luke
        Luna
        Luz
        Lwazi
        Lydia
        Lynn
        Lynne
        Lyuba
        Lyudmila
        Maaike
        Maarten
        Mabel
        Maciej
        Mackenzie
        Macy
        Maddie
        Maddox
        Maddy
        Madeleine
        Madeline
        Madhav
        Madhu
        Madhuri
        Madoka
        Madonna
        Mads
        Maëlle
        Maeve
        Mafalda
        Magdalena
        Maggie
        Magnus
        Maha
        Mahdi
        Maher
        Mahesh
        Mahmoud
        Mahmud
        Mahnaz
        Mahnoor
        Mahsa
        Mai
        Mairead
        Mairéad
        Maisie
        Maite
        Maja
        Majid
        Makena
        Maki
        Makoto
        Mala
        Malak
        Malcolm
        Malik
        Malin
        Mallory
        Malte
        Mami
        Manal
        Manami
        Mandla
        Mandy
        Manfred
        Manish
        Manisha
        Manny
        Manoj
        Manon
        Manpreet
        Mansour
        Manuel
        Manuela
        Marcel
        Marcello
        Marcelo
        Marcia
        Marcin
        Marco
        Marcos
        Marcus
        Mareike
        Marek
        Maren
        Margaret
        Margarida
        Margaux
        Margot
        Maria
        María
        Mariam
        Marian
        Mariana
        Mariano
        Maricel
        Marie
        Marieke
        Marija
        Mariko
        Marilyn
        Mario
        Marion
        Marisol
        Marit
        Marites
        Marius
        Mariusz
        Marjorie
        Markéta
        Markku
        Marko
        Markus
        Marlene
        Marley
        Marloes
        Marshall
        Marta
        Martha
        Martijn
        Martin
        Martín
        Martina
        Martine
        Marty
        Marvin
        Marwan
        Mary
        Maryam
        Masahiro
        Masaki
        Masako
        Masashi
        Masato
        Masha
        Massimiliano
        Massimo
        Mateo
        Mateus
        Mateusz
        Matheus
        Mathias
        Mathieu
        Mathilde
        Mathis
        Matías
        Matilda
        Matilde
        Matt
        Matteo
        Matthew
        Matthias
        Matthieu
        Matti
        Mattia
        Mattias
        Matvei
        Maud
        Maureen
        Maurice
        Mauricio
        Maurizio
        Mauro
        Maxim
        Maxime
        Maximilian
        Maximiliano
        Maxine
        Maya
        Mayank
        Mayu
        Mazen
        Małgorzata
        Meena
        Meera
        Meg
        Megan
        Meghan
        Megumi
        Mehdi
        Mehmet
        Mehran
        Mei
        Meiling
        Mekdes
        Mel
        Melanie
        Mélanie
        Melis
        Melissa
        Melvin
        Menachem
        Meredith
        Meriem
        Merle
        Meron
        Mert
        Merve
        Meryem
        Mette
        Mhairi
        Mia
        Michael
        Michal
        Michał
        Michel
        Michela
        Michele
        Michelle
        Michiko
        Mickey
        Midori
        Mieke
        Miguel
        Mihaela
        Mihai
        Miho
        Mika
        Mikael
        Mike
        Mikey
        Mikhail
        Miki
        Mikko
        Milad
        Milagros
        Mildred
        Milena
        Milica
        Millie
        Miloš
        Min-ho
        Min-jun
        Min-seo
        Mina
        Minako
        Mindy
        Ming
        Mingyu
        Minh
        Minho
        Minji
        Minjun
        Minna
        Minoru
        Mio
        Mira
        Miranda
        Mireille
        Mirella
        Miriam
        Mirjam
        Mirjana
        Miroslav
        Mirosław
        Misaki
        Misato
        Mitch
        Mitchell
        Mitra
        Miyu
        Moa
        Mohamed
        Mohammad
        Mohammed
        Mohan
        Mohsen
        Molly
        Momoko
        Mona
        Monica
        Mónica
        Monika
        Monique
        Montserrat
        Morag
        Mordechai
        Morgan
        Morgane
        Moritz
        Morten
        Morteza
        Moshe
        Mostafa
        Mounir
        Moussa
        Mpho
        Muhammad
        Mukesh
        Mulugeta
        Murat
        Murdo
        Musa
        Mustafa
        Muthoni
        Mykhailo
        Mykola
        Nabil
        Nadège
        Nader
        Nadezhda
        Nadia
        Nadim
        Nadine
        Naftali
        Naima
        Najwa
        Naledi
        Nanami
        Nancy
        Nandi
        Nandini
        Nao
        Naoki
        Naoko
        Naomi
        Naoto
        Naresh
        Narges
        Nasiru
        Nasrin
        Nasser
        Nastya
        Nat
        Natalia
        Natalie
        Natalya
        Natasha
        Nate
        Nathalie
        Nathan
        Nathaniel
        Natsuki
        Nattapong
        Naveen
        Navid
        Nawal
        Nawaz
        Nazanin
        Nazlı
        Ned
        Neda
        Neema
        Neeraj
        Negar
        Neha
        Neil
        Nele
        Nell
        Nellie
        Nelson
        Nemanja
        Nerea
        Nesrine
        Nevena
        Neymar
        Ngoc
        Ngozi
        Nhung
        Nia
        Niall
        Niamh
        Nicholas
        Nicky
        Nico
        Nicola
        Nicolas
        Nicolás
        Nicole
        Nicoletta
        Niek
        Niels
        Nienke
        Nigel
        Nikhil
        Nikita
        Nikki
        Niklas
        Nikola
        Nikolai
        Nikolaos
        Nikolay
        Nikos
        Nilesh
        Niloufar
        Nils
        Nina
        Ning
        Nino
        Nir
        Nirmala
        Nisha
        Nisreen
        Nitin
        Niyi
        Nizar
        Njeri
        Njoki
        Nnamdi
        Nneka
        Noa
        Noah
        Noam
        Noboru
        Nobuo
        Noé
        Noel
        Noelle
        Noemi
        Noémie
        Nolan
        Nomsa
        Nomvula
        Nonso
        Noor
        Nora
        Norbert
        Noriko
        Norma
        Norman
        Nour
        Noura
        Nozomi
        Nuala
        Nuno
        Nuria
        Nurul
        Nyambura
        Oana
        Obinna
        Obiora
        Océane
        Octavia
        Octavio
        Odile
        Ofer
        Oğuz
        Oisin
        Oisín
        Oksana
        Ola
        Olaf
        Ólafur
        Ole
        Oleg
        Oleksandr
        Oleksiy
        Olena
        Olga
        Oliver
        Olivia
        Olivier
        Oliwia
        Ollie
        Olof
        Olumide
        Olusegun
        Oluwaseun
        Omar
        Omer
        Ömer
        Omid
        Omolara
        Ondřej
        Onur
        Onyeka
        Ophelia
        Oprah
        Orazio
        Oren
        Orhan
        Ori
        Orla
        Orly
        Ornella
        Osama
        Osamu
        Oscar
        Óscar
        Oskar
        Osman
        Othman
        Ottavio
        Otto
        Ove
        Ovidiu
        Owain
        Owen
        Ozan
        Özlem
        Pablo
        Paddy
        Padma
        Padraig
        Pádraig
        Paige
        Päivi
        Palesa
        Pallavi
        Pamela
        Panagiota
        Panagiotis
        Pankaj
        Paola
        Paolo
        Paresh
        Parisa
        Parth
        Parvati
        Parvin
        Parviz
        Pascal
        Pascual
        Pasquale
        Patricia
        Patricio
        Patrick
        Patrizia
        Patsy
        Paul
        Paula
        Pauline
        Paulo
        Pavan
        Pavel
        Pawan
        Paweł
        Paxton
        Payal
        Payam
        Pedram
        Pedro
        Peggy
        Pekka
        Penelope
        Percy
        Pernille
        Perry
        Pete
        Peter
        Péter
        Petr
        Petra
        Petri
        Petter
        Peyman
        Peyton
        Phil
        Philip
        Philipp
        Philippe
        Phillip
        Phoebe
        Phuong
        Phyllis
        Piero
        Pierre
        Piet
        Pieter
        Pietro
        Pilar
        Pim
        Piotr
        Pirjo
        Piyush
        Polina
        Polly
        Pontus
        Pooja
        Poonam
        Pouya
        Pradeep
        Prakash
        Pramod
        Pranav
        Prashant
        Praveen
        Preeti
        Priscila
        Priscilla
        Priya
        Priyanka
        Przemysław
        Puja
        Putra
        Putri
        Pyotr
        Pınar
        Qasim
        Qiang
        Qing
        Quang
        Quentin
        Quinn
        Quynh
        Rachel
        Rachid
        Radek
        Radha
        Radu
        Rafael
        Rafaela
        Rafał
        Raffaele
        Raffaella
        Rafiq
        Ragini
        Ragnar
        Rahul
        Raila
        Rainer
        Raisa
        Raj
        Rajat
        Rajesh
        Rajiv
        Rakesh
        Ralf
        Ralph
        Raluca
        Ramesh
        Rami
        Ramin
        Ramiro
        Ramón
        Rana
        Randall
        Randolph
        Rani
        Rania
        Ranjit
        Raphaël
        Raquel
        Rasha
        Rashid
        Rashmi
        Rasmus
        Raul
        Raúl
        Ravi
        Rawan
        Raymond
        Rebecca
        Reem
        Refilwe
        Reggie
        Reginald
        Rehema
        Reiko
        Reinhard
        Réka
        Rekha
        Remi
        Rémi
        Ren
        Renata
        Renate
        Renato
        Renaud
        René
        Renee
        Renée
        Renske
        Renu
        Renzo
        Rex
        Reza
        Rhiannon
        Rhodri
        Rhonda
        Rhys
        Ricardo
        Riccardo
        Richard
        Rick
        Ricky
        Rie
        Rihanna
        Riikka
        Rika
        Riko
        Riku
        Riley
        Rima
        Rin
        Rita
        Ritesh
        Ritu
        Rivka
        Riya
        Rizky
        Robbie
        Robert
        Roberta
        Roberto
        Robyn
        Rocco
        Rocío
        Rodney
        Rodrigo
        Roger
        Rohan
        Rohit
        Roisin
        Róisín
        Roland
        Rolando
        Rolf
        Romain
        Romy
        Ron
        Ronald
        Ronan
        Ronen
        Ronit
        Ronja
        Ronnie
        Roos
        Rory
        Rosa
        Rosalie
        Rosalind
        Rosaria
        Rosario
        Roshni
        Rosie
        Ross
        Rotimi
        Rowena
        Roxana
        Roxanne
        Roy
        Roya
        Ruairi
        Ruben
        Rubén
        Rüdiger
        Rui
        Rupa
        Ruslan
        Russ
        Russell
        Rutger
        Ruth
        Ruthie
        Ruud
        Ryan
        Ryder
        Ryker
        Ryo
        Ryota
        Ryszard
        Saad
        Sabine
        Sabrina
        Sachiko
        Sachin
        Sade
        Sadie
        Saeed
        Safiya
        Sahar
        Sahil
        Saki
        Sakshi
        Sakura
        Sal
        Salah
        Salim
        Sally
        Salma
        Salvador
        Salvatore
        Salwa
        Sam
        Samantha
        Sameer
        Sami
        Samir
        Samira
        Sammy
        Samuel
        Sana
        Sandeep
        Sander
        Sándor
        Sandra
        Sandrine
        Sandro
        Sang-woo
        Sangeeta
        Sani
        Sanjay
        Sanjeev
        Sanna
        Sanne
        Santino
        Santosh
        Saoirse
        Sapna
        Sara
        Sarah
        Sarita
        Sasha
        Saskia
        Satish
        Satoshi
        Satu
        Saurabh
        Savita
        Sawyer
        Sayaka
        Sayuri
        Scarlett
        Scott
        Seamus
        Séamus
        Sean
        Seán
        Sebastian
        Sebastião
        Sébastien
        Seda
        Seema
        Ségolène
        Segun
        Selena
        Selim
        Selin
        Selma
        Sem
        Semyon
        Seo-jun
        Seo-yeon
        Seojun
        Seren
        Serena
        Serge
        Sergei
        Sergey
        Sergio
        Serhiy
        Serkan
        Setareh
        Seth
        Setsuko
        Seun
        Seung
        Séverine
        Shadi
        Shahid
        Shahin
        Shai
        Shakira
        Shalini
        Shane
        Shania
        Shankar
        Shannon
        Shanti
        Shaquille
        Sharif
        Sharon
        Shashi
        Shaun
        Shawn
        Sheila
        Shelby
        Sheryl
        Shigeru
        Shilpa
        Shimon
        Shinji
        Shinzo
        Shiori
        Shira
        Shirin
        Shirley
        Shiv
        Shizuka
        Shlomo
        Shoaib
        Shobha
        Shohei
        Shoshana
        Shota
        Shreya
        Shubham
        Shuji
        Shweta
        Shyam
        Sian
        Siân
        Siavash
        Sibel
        Sibusiso
        Sid
        Siddharth
        Sidney
        Siegfried
        Sienna
        Sierra
        Sigal
        Sigrid
        Sigríður
        Sigurd
        Silas
        Silke
        Silvia
        Silvio
        Sima
        Simi
        Simon
        Simona
        Simone
        Simran
        Sina
        Sinan
        Sindre
        Sinead
        Sinéad
        Siobhan
        Siobhán
        Sipho
        Siriporn
        Sita
        Siti
        Siyabonga
        Sjoerd
        Skylar
        Slobodan
        Smita
        Sneha
        Snežana
        Sofía
        Sofie
        Sofiya
        Soheila
        Solange
        Soledad
        Solène
        Solomiya
        Solveig
        Somchai
        Somsak
        Somto
        Sonal
        Sonia
        Sonny
        Sonya
        Soo-min
        Sophia
        Sophie
        Sora
        Soraya
        Sorcha
        Sören
        Sorin
        Soroush
        Sota
        Soyeon
        Spencer
        Spyros
        Sri
        Srinivas
        Stacey
        Stacy
        Stan
        Stanislav
        Stanisław
        Stanley
        Stavros
        Stefan
        Stefania
        Stefanie
        Stefano
        Steffen
        Steinar
        Stelios
        Stella
        Stepan
        Steph
        Stéphane
        Stephanie
        Stephen
        Steve
        Steven
        Stevie
        Stewart
        Stig
        Stijn
        Stina
        Stoyan
        Stu
        Stuart
        Sudha
        Suha
        Suk-yeol
        Suman
        Sumaya
        Sumit
        Sundar
        Sunil
        Sunita
        Suresh
        Susan
        Susana
        Susanne
        Sushma
        Susie
        Suzanne
        Sven
        Svenja
        Sveta
        Svetlana
        Swati
        Sylvain
        Sylvia
        Sylvie
        Szymon
        Søren
        Sławomir
        Tadeusz
        Tadhg
        Taehyung
        Taha
        Taiwo
        Takako
        Takashi
        Takeshi
        Takumi
        Takuya
        Tal
        Talia
        Tamar
        Tamara
        Tamás
        Tammy
        Tanja
        Tanvi
        Tanya
        Tao
        Tapio
        Tara
        Taras
        Tarek
        Tariq
        Taro
        Tarun
        Tate
        Tatiana
        Tatsuya
        Tatyana
        Taylor
        Ted
        Teddy
        Temi
        Temitope
        Teodoro
        Terence
        Teresa
        Tereza
        Terje
        Terrence
        Terry
        Tess
        Tessa
        Tetsuya
        Teun
        Tewodros
        Thabo
        Thaís
        Thaksin
        Thandeka
        Thandiwe
        Thanh
        Thanos
        Thao
        Thea
        Themba
        Theo
        Théo
        Theodore
        Theresa
        Thérèse
        Thiago
        Thibault
        Thierry
        Thijs
        Thomas
        Thor
        Thorsten
        Thulani
        Thuy
        Tia
        Tiago
        Tiffany
        Tigist
        Tiina
        Tim
        Timmy
        Timo
        Timothy
        Timur
        Tina
        Titilayo
        Tiziana
        Tobi
        Tobias
        Toby
        Tochukwu
        Todd
        Todor
        Tolga
        Tolu
        Tom
        Tomás
        Tomáš
        Tomasz
        Tomislav
        Tommaso
        Tommy
        Tomohiro
        Tomoko
        Tomomi
        Tony
        Tope
        Torbjørn
        Tori
        Torsten
        Toshiro
        Tove
        Tracey
        Tracy
        Trang
        Travis
        Trevor
        Trine
        Trish
        Tristan
        Trond
        Troy
        Trudy
        Trung
        Tshepo
        Tsubasa
        Tuan
        Tucker
        Tuğba
        Tumelo
        Tunde
        Tuomas
        Tushar
        Tuula
        Tuva
        Ty
        Tyler
        Tyrone
        Tzvi
        Uche
        Uchenna
        Uday
        Ugo
        Ugochukwu
        Uhuru
        Ulf
        Ulises
        Ulrich
        Ulrike
        Ulyana
        Uma
        Umar
        Umaru
        Umberto
        Umesh
        Umut
        Una
        Uri
        Ursula
        Urszula
        Usha
        Usman
        Uta
        Ute
        Uthman
        Utkarsh
        Uwe
        Václav
        Vadim
        Vahid
        Vaibhav
        Väinö
        Val
        Valentin
        Valentín
        Valentina
        Valeria
        Valerie
        Valérie
        Valerio
        Valery
        Vandana
        Vanessa
        Varun
        Varvara
        Vasco
        Vasile
        Vasiliki
        Vasilis
        Vasily
        Vasyl
        Veera
        Vegard
        Venkat
        Venkatesh
        Venla
        Vera
        Verena
        Vernon
        Veronica
        Verónica
        Veronika
        Véronique
        Vesna
        Vic
        Vicente
        Vicky
        Victor
        Vidar
        Vidya
        Viggo
        Vijay
        Vikas
        Vikram
        Viktor
        Viktoria
        Ville
        Vilma
        Vinay
        Vince
        Vincent
        Vincenzo
        Vinh
        Vinícius
        Vinny
        Vinod
        Virgil
        Virginie
        Vishal
        Vitaliy
        Vitaly
        Vitória
        Vittoria
        Vittorio
        Viv
        Vivek
        Vivian
        Vladimir
        Vladislav
        Vojtěch
        Volkan
        Volker
        Volodymyr
        Vy
        Vyacheslav
        Wael
        Wafa
        Wairimu
        Wale
        Waleed
        Walid
        Walt
        Walter
        Waltraud
        Wambui
        Wanda
        Wanjiku
        Wanjiru
        Waqar
        Warren
        Wasim
        Wayan
        Wayne
        Wei
        Wendy
        Werner
        Weronika
        Wes
        Wesley
        Weston
        Whitney
        Wiebke
        Wiktor
        Wiktoria
        Wilbur
        Wilfred
        Wilhelm
        Willa
        Willem
        Willemijn
        William
        Willie
        Willis
        Wilma
        Wim
        Winfried
        Winnie
        Witold
        Wojciech
        Wolfgang
        Wouter
        Wulan
        Wyatt
        Władysław
        Xavier
        Xiang
        Xiaoming
        Ximena
        Xin
        Xinyi
        Xiu
        Xiuying
        Xue
        Yaa
        Yaakov
        Yaara
        Yael
        Yahya
        Yair
        Yakubu
        Yan
        Yannick
        Yannis
        Yara
        Yaroslav
        Yasaman
        Yasemin
        Yash
        Yasir
        Yasmin
        Yasmine
        Yasser
        Yasuhiro
        Ye-jin
        Yegor
        Yehuda
        Yehudit
        Yeji
        Yekaterina
        Yelena
        Yemi
        Yetunde
        Yevgeny
        Yi
        Yichen
        Yifan
        Yiğit
        Ying
        Yinka
        Yitzhak
        Yogesh
        Yoko
        Yolanda
        Yonas
        Yonatan
        Yong
        Yoona
        Yosef
        Yoshi
        Yoshihiro
        Yoshiko
        Yossi
        Younes
        Young-ho
        Yousef
        Youssef
        Yue
        Yui
        Yuichi
        Yuka
        Yuki
        Yukio
        Yuko
        Yulia
        Yuliya
        Yumi
        Yumiko
        Yuna
        Yunus
        Yuri
        Yuriy
        Yury
        Yusuf
        Yusuke
        Yuta
        Yuting
        Yuto
        Yuxuan
        Yves
        Yvette
        Yvonne
        Zach
        Zachary
        Zack
        Zahra
        Zaid
        Zain
        Zainab
        Zakaria
        Zane
        Zanele
        Zara
        Zawadi
        Zayd
        Zaynab
        Zbigniew
        Zdeněk
        Zehra
        Zeina
        Zeynep
        Zhanna
        Zhen
        Zhihao
        Zhiqiang
        Zhiwei
        Ziad
        Zihan
        Zion
        Zixuan
        Ziyi
        Zlatan
        Zodwa
        Zoe
        Zoé
        Zoë
        Zoey
        Zofia
        Zoltán
        Zoran
        Zoya
        Zsófia
        Zsolt
        Zsuzsanna
        Zuri
        Zuzana
        Zuzanna
        Łukasz
        """

    /// Given names whose lowercase form is an ordinary English word (Will, May, Grace). Only trust these next to other name evidence.
    static let ambiguousGivenNames = """
        Ace
        Alexa
        Amber
        Angel
        Ante
        April
        Archer
        Art
        Ash
        August
        Aurora
        Autumn
        Basil
        Bill
        Blaze
        Blessing
        Bob
        Brandy
        Brook
        Buck
        Bud
        Buddy
        Candy
        Carol
        Cash
        Chance
        Charity
        Chase
        Cherry
        Chip
        Chuck
        Clay
        Cliff
        Colt
        Coral
        Crystal
        Daisy
        Dale
        Dawn
        Dean
        Destiny
        Dev
        Diamond
        Dick
        Dolly
        Don
        Drake
        Drew
        Duke
        Dusty
        Earl
        Ebony
        Eden
        Emir
        Eve
        Faith
        Fang
        Fanny
        Fares
        Favour
        Fern
        Flint
        Frank
        Gene
        Gift
        Ginger
        Glen
        Glory
        Grace
        Grant
        Gray
        Grey
        Guy
        Harmony
        Harsh
        Hazel
        Heath
        Heather
        Herb
        Holly
        Honey
        Hope
        Hung
        Hunter
        Ion
        Iris
        Ivy
        Jack
        Jade
        Jan
        Jasmine
        Jay
        Jewel
        Journey
        Joy
        Jun
        June
        Kit
        Kitty
        Lance
        Lane
        Laurel
        Liberty
        Lily
        Major
        Marina
        Marine
        Mark
        Mats
        Max
        May
        Meadow
        Melody
        Mercy
        Miles
        Misty
        Nada
        Nick
        Norm
        Nova
        Olive
        Pat
        Patience
        Pearl
        Penny
        Pepper
        Piper
        Poppy
        Porter
        Precious
        Prudence
        Rain
        Ram
        Randy
        Raven
        Ray
        Reed
        Rich
        River
        Rob
        Robin
        Rocky
        Rod
        Roman
        Rose
        Rosemary
        Rowan
        Ruby
        Rune
        Rusty
        Saffron
        Saga
        Sage
        Said
        Sandy
        Sari
        Serenity
        Sherry
        Shun
        Skip
        Sky
        Star
        Sterling
        Storm
        Sue
        Sultan
        Summer
        Sung
        Sunny
        Tad
        Tanner
        Tea
        Tiger
        Tore
        Trinity
        Van
        Viola
        Violet
        Wade
        Will
        Willow
        Willy
        Winter
        Wren
        """

    /// Common surnames, international, plus surnames of people who are frequently in the news. Surnames that are also ordinary English words are in `ambiguousSurnames`.
    static let surnames = """
        Abbott
        Abboud
        Abramov
        Abramovich
        Acar
        Acevedo
        Acheampong
        Achebe
        Acosta
        Adamczyk
        Adams
        Adani
        Addo
        Adenauer
        Adeyemi
        Adichie
        Adkins
        Afolabi
        Agarwal
        Aggarwal
        Aguilar
        Aguirre
        Agyeman
        Ahmadi
        Ahmadinejad
        Ahn
        Akbari
        Akhtar
        Aksoy
        Akufo-Addo
        al-Assad
        Albanese
        Albrecht
        Alekseev
        Alexandrov
        Almeida
        Altman
        Alvarado
        Alvarez
        Álvarez
        Alves
        Amato
        Ambani
        Amini
        Amoah
        Amodei
        Andersen
        Anderson
        Andersson
        Ando
        Andrade
        Andreev
        Andrews
        Ang
        Angelis
        Annan
        Ansari
        Antetokounmpo
        Antonov
        Antwi
        Aoki
        Appiah
        Arai
        Araujo
        Araújo
        Arias
        Armstrong
        Arroyo
        Arslan
        Asante
        Aslan
        Assad
        Atkins
        Atkinson
        Attal
        Aubert
        Ayala
        Aydin
        Aydın
        Ayers
        Ayuso
        Azevedo
        Aziz
        Babić
        Babiš
        Bae
        Baek
        Baerbock
        Baig
        Bains
        Bajwa
        Bakker
        Baldwin
        Ballard
        Balogh
        Banerjee
        Bangura
        Bansal
        Baptista
        Barakat
        Baranov
        Barbier
        Barbieri
        Barbosa
        Barker
        Barnes
        Barnett
        Barnier
        Barone
        Barr
        Barrera
        Barrett
        Barron
        Bartlett
        Barton
        Basile
        Bates
        Batista
        Battaglia
        Bauer
        Baumann
        Bautista
        Baxter
        Bayrou
        Beasley
        Beck
        Becker
        Beek
        Beethoven
        Bekele
        Bellini
        Bello
        Belov
        Ben-Gurion
        Ben-Gvir
        Benavides
        Bender
        Benedetti
        Beneš
        Bengio
        Bengtsson
        Benítez
        Benson
        Benton
        Berg
        Berger
        Bergmann
        Bergström
        Berkowitz
        Berlusconi
        Bernardi
        Bernstein
        Bezos
        Bhat
        Bhatt
        Bhattacharya
        Bhutto
        Bianchi
        Bianco
        Biden
        Birla
        Birnbaum
        Blackwell
        Blanc
        Blanchard
        Blanco
        Blankenship
        Blinken
        Blom
        Blum
        Boateng
        Bogdanov
        Böhm
        Bolsonaro
        Bondarenko
        Boone
        Borisov
        Bos
        Bose
        Botha
        Bowers
        Bowman
        Boyd
        Boyer
        Boyko
        Boyle
        Bradshaw
        Brady
        Brandt
        Braun
        Brennan
        Briggs
        Brock
        Broek
        Brooks
        Brouwer
        Bruijn
        Brun
        Brunet
        Bryant
        Buchanan
        Buckley
        Buffett
        Buhari
        Bui
        Bùi
        Bullock
        Bulut
        Burch
        Burgess
        Burke
        Burnett
        Burton
        Busch
        Byrd
        Byrne
        Caballero
        Cabrera
        Cai
        Cain
        Calderon
        Calderón
        Caldwell
        Calhoun
        Callahan
        Calvo
        Camacho
        Camara
        Campbell
        Campos
        Cano
        Cao
        Caputo
        Carbone
        Cardenas
        Cárdenas
        Cardoso
        Carey
        Carlson
        Carmona
        Carney
        Caron
        Carpentier
        Carr
        Carrasco
        Carrillo
        Carroll
        Caruso
        Carvalho
        Castillo
        Castro
        Cattaneo
        Cavalcanti
        Ceaușescu
        Celik
        Çelik
        Černý
        Cervantes
        Çetin
        Chakraborty
        Chan
        Chandler
        Chang
        Chapman
        Charpentier
        Chatterjee
        Chaturvedi
        Chaudhary
        Chaudhry
        Chauhan
        Chavez
        Chávez
        Chekhov
        Chen
        Cheng
        Cheung
        Chevalier
        Chia
        Chiang
        Chiba
        Chirac
        Chiu
        Cho
        Choi
        Chong
        Chopra
        Chou
        Chowdhury
        Christensen
        Christodoulou
        Chu
        Chua
        Chukwu
        Chung
        Ciobanu
        Cisneros
        Cisse
        Cissé
        Claes
        Clark
        Clarke
        Clements
        Cline
        Clinton
        Cobb
        Cochran
        Coelho
        Cohen
        Coleman
        Collier
        Collins
        Conley
        Conner
        Conti
        Contreras
        Conway
        Copeland
        Coppola
        Cordero
        Correia
        Cortés
        Cortez
        Costa
        Costantini
        Coulibaly
        Cox
        Crawford
        Crespo
        Crosby
        Cruz
        Cui
        Cummings
        Cunha
        Cunningham
        Cuomo
        D'Amico
        D'Angelo
        Dąbrowski
        Dai
        Dang
        Daniels
        Darwish
        Das
        Datta
        Davenport
        Davidson
        Davies
        Davis
        Davydov
        Dawson
        Decker
        Dekker
        Delgado
        Demir
        Deng
        Denisov
        Desai
        DeSantis
        Deschamps
        Deshpande
        Dhillon
        Dhoni
        Diallo
        Dias
        Diaz
        Díaz
        Dickens
        Dickerson
        Dietrich
        Dijk
        Dijkstra
        Dillon
        Dimitriou
        Dimon
        Dinh
        Diop
        Diouf
        Dixon
        Djokovic
        Dlamini
        Dmitriev
        Dodson
        Dogan
        Doğan
        Doherty
        Doležal
        Dominguez
        Domínguez
        Donaldson
        Donati
        Dong
        Dorsey
        Dostoevsky
        Dougherty
        Doyle
        Draghi
        Drogba
        Drummond
        Du
        Dube
        Dubey
        Dubois
        Duda
        Dudek
        Duffy
        Dufour
        Dumas
        Dumitru
        Dumont
        Dunlap
        Dunn
        Dunne
        Duong
        Dương
        Dupont
        Dupuis
        Dupuy
        Duran
        Durán
        Durand
        Dutta
        Duval
        Dvořák
        Dyer
        Eaton
        Edwards
        Egorov
        Einstein
        Eisenberg
        Eisenhower
        Ellison
        Endo
        Engel
        Epstein
        Erdogan
        Erdoğan
        Erickson
        Eriksen
        Eriksson
        Escobar
        Espinoza
        Esposito
        Estes
        Estrada
        Evans
        Eze
        Fabbri
        Fabre
        Farage
        Farina
        Farkas
        Farley
        Farrell
        Faulkner
        Faure
        Federer
        Fedorov
        Feijóo
        Feldman
        Feng
        Ferguson
        Fernandes
        Fernandez
        Fernández
        Ferraro
        Ferreira
        Ferrer
        Ferretti
        Ferri
        Fiala
        Figueroa
        Fink
        Fischer
        Fitzgerald
        Fitzpatrick
        Flanagan
        Fleming
        Fletcher
        Flores
        Flynn
        Foley
        Fonseca
        Fontaine
        Forsberg
        Fournier
        Fowler
        Franke
        Fraser
        Frazier
        Frederiksen
        Freeman
        Freitas
        Freud
        Friedman
        Frolov
        Frye
        Fu
        Fuchs
        Fuentes
        Fujii
        Fujimoto
        Fujita
        Fujiwara
        Fukuda
        Fung
        Gaddafi
        Gaillard
        Gallagher
        Gallardo
        Gallego
        Gallegos
        Galli
        Gallo
        Gandhi
        Gantz
        Gao
        Garcia
        García
        Gardner
        Garnier
        Garrido
        Garza
        Gatti
        Gauthier
        Gautier
        Gebremedhin
        Georgiou
        Ghorbani
        Ghosh
        Gibbs
        Gibson
        Gil
        Giles
        Gillespie
        Gilmore
        Giménez
        Giordano
        Girard
        Giraud
        Girma
        Giuliani
        Glover
        Goh
        Goldberg
        Goldman
        Goldstein
        Gomes
        Gomez
        Gonçalves
        Gonzales
        Gonzalez
        González
        Goodman
        Goodwin
        Goossens
        Gorbachev
        Górski
        Goto
        Gottlieb
        Gould
        Graaf
        Grabowski
        Graf
        Grassi
        Grasso
        Greco
        Greenberg
        Greene
        Greer
        Grewal
        Griffith
        Griffiths
        Grigoriev
        Grimes
        Groot
        Grossman
        Guérin
        Guerra
        Guerrero
        Güler
        Gunnarsson
        Guo
        Gupta
        Gustafsson
        Gutierrez
        Gutiérrez
        Guzman
        Guzmán
        Haan
        Haas
        Habeck
        Haddad
        Hahn
        Hájek
        Hale
        Halvorsen
        Hämäläinen
        Hamdan
        Hammond
        Hampton
        Han
        Hancock
        Haniyeh
        Hansen
        Hanson
        Hansson
        Hara
        Harada
        Hardin
        Harding
        Harmon
        Harrington
        Harris
        Hart
        Hartman
        Hartmann
        Hasegawa
        Hashemi
        Hashimoto
        Hassabis
        Haugen
        Havel
        Hawkins
        Hayashi
        Hayes
        Haynes
        Hegde
        Hegseth
        Heijden
        Heikkinen
        Heinonen
        Hemingway
        Henderson
        Hendricks
        Hendriks
        Hensley
        Henson
        Heo
        Hernandez
        Hernández
        Herrera
        Herrero
        Herrmann
        Herzog
        Hess
        Heuvel
        Hickman
        Hicks
        Hidalgo
        Higgins
        Hijazi
        Hinton
        Hirano
        Hirsch
        Hoang
        Hoàng
        Hobbs
        Hodge
        Hodges
        Hoekstra
        Hoffman
        Hoffmann
        Hofmann
        Hogan
        Hollande
        Holloway
        Holm
        Holmes
        Holt
        Hong
        Hoover
        Hopkins
        Horák
        Horowitz
        Horton
        Horvat
        Horváth
        Hossain
        Hosseini
        Howe
        Howell
        Howells
        Hsieh
        Hsu
        Hu
        Huang
        Hubbard
        Huber
        Huffman
        Hughes
        Huisman
        Humphrey
        Hurley
        Hurst
        Hussain
        Hutchinson
        Huynh
        Huỳnh
        Hwang
        Ibáñez
        Ibarra
        Iglesias
        Ikeda
        Ilić
        Imai
        Imamoglu
        İmamoğlu
        Ingram
        Inoue
        Ioannou
        Iohannis
        Ionescu
        Iqbal
        Ishiba
        Ishida
        Ishii
        Ishikawa
        Ito
        Itō
        Ivanov
        Ivanova
        Iwasaki
        Iwobi
        Iyengar
        Iyer
        Jaber
        Jabłoński
        Jacobs
        Jacobson
        Jafari
        Jäger
        Jain
        Jakobsen
        Jang
        Jankowski
        Jansen
        Janssen
        Jansson
        Järvinen
        Jaworski
        Jefferson
        Jelínek
        Jenkins
        Jenner
        Jennings
        Jensen
        Jeon
        Jeong
        Jia
        Jiang
        Jimenez
        Jiménez
        Jin
        Johannessen
        Johansen
        Johansson
        Johnson
        Johnston
        Joly
        Jones
        Jong
        Jonsson
        Jónsson
        Joshi
        Jovanović
        Juarez
        Juárez
        Juhász
        Jung
        Jurić
        Jørgensen
        Kaczmarek
        Kaczyński
        Kagame
        Kaiser
        Kalinin
        Kamara
        Kamau
        Kamiński
        Kane
        Kaneko
        Kang
        Kao
        Kaplan
        Kapoor
        Kardashian
        Karimi
        Kariuki
        Karlsson
        Karpathy
        Karpov
        Kato
        Katō
        Katz
        Kaur
        Kavanagh
        Kavanaugh
        Kaya
        Kazakov
        Kazemi
        Keane
        Kearney
        Keita
        Kejriwal
        Keller
        Kelley
        Kemp
        Kennedy
        Kenyatta
        Keogh
        Kerr
        Keskin
        Kessler
        Khamenei
        Khan
        Khanna
        Khomeini
        Khoury
        Khumalo
        Kiani
        Kikuchi
        Kim
        Kimani
        Kimura
        Kinoshita
        Kipchoge
        Kiprop
        Kirby
        Kiselev
        Kishida
        Kissinger
        Klein
        Klitschko
        Knapp
        Knežević
        Ko
        Kobayashi
        Koç
        Koch
        Koh
        Kohl
        Köhler
        Kohli
        Koizumi
        Kok
        Komarov
        Konaté
        Kondo
        Kone
        Koné
        Kong
        König
        Konstantinou
        Korhonen
        Korkmaz
        Korolev
        Koskinen
        Koster
        Kovačević
        Kovács
        Kovalchuk
        Kovalenko
        Kovalev
        Kowalczyk
        Kowalska
        Kowalski
        Kozlov
        Kozłowski
        Kramer
        Krämer
        Kraus
        Krause
        Kravchenko
        Krawczyk
        Krishnan
        Kristensen
        Kristersson
        Krueger
        Krüger
        Krylov
        Kubo
        Kučera
        Kudo
        Kuhn
        Kühn
        Kuleba
        Kulkarni
        Kumar
        Kuo
        Kushner
        Kuzmin
        Kuznetsov
        Kuznetsova
        Kwak
        Kwan
        Kwiatkowski
        Kwok
        Kwon
        Kılıç
        Lacroix
        Lai
        Laine
        Lam
        Lambert
        Landau
        Landry
        Lang
        Lange
        Lapid
        Lara
        Larsen
        Larson
        Larsson
        Lau
        Lavrov
        Lawson
        Lebedev
        LeBlanc
        Leclerc
        LeCun
        Lee
        Leeuwen
        Lefebvre
        Legrand
        Lehmann
        Lehtinen
        Lehtonen
        Lemaire
        Lemoine
        Lenin
        Leone
        Leroux
        Leung
        Lewandowski
        Li
        Liang
        Lieberman
        Lim
        Lin
        Lindberg
        Linden
        Lindholm
        Lindner
        Lindqvist
        Lindström
        Liu
        Livingston
        Lombardi
        Lombardo
        Longo
        Lopes
        Lopez
        López
        Lorenz
        Lowe
        Lowery
        Lozano
        Lu
        Lukashenko
        Lundberg
        Lundgren
        Luo
        Lyons
        Lysenko
        Maas
        MacDonald
        Machado
        Mackay
        MacLeod
        Macron
        Madsen
        Maduro
        Maeda
        Maes
        Magalhães
        Maguire
        Magyar
        Mahama
        Mahlangu
        Mahoney
        Maier
        Majewski
        Mak
        Makarov
        Mäkelä
        Mäkinen
        Maksimov
        Maldonado
        Malhotra
        Malinowski
        Malone
        Mamani
        Mancini
        Mandel
        Mandela
        Mann
        Mao
        Marchand
        Marchenko
        Marchetti
        Mariani
        Marić
        Marín
        Marini
        Marino
        Markov
        Marković
        Marques
        Marquez
        Márquez
        Martinelli
        Martinez
        Martínez
        Martins
        Maruyama
        Marx
        Masri
        Massey
        Masson
        Masuda
        Mathews
        Matos
        Matsuda
        Matsui
        Matsumoto
        Matsuo
        Mattarella
        Matthews
        Maxwell
        Mayer
        Maynard
        Mazur
        Mazza
        Mbappe
        Mbappé
        Mbeki
        McBride
        McCall
        McCarthy
        McClure
        McConnell
        McCormick
        McCoy
        McCullough
        McDaniel
        McDonagh
        McDonald
        McDowell
        McFarland
        McGee
        McGrath
        McGuire
        McIntosh
        McIntyre
        McKay
        McKee
        McKenzie
        McKinney
        McLaughlin
        McLean
        McMahon
        McMillan
        Medvedev
        Mehta
        Meier
        Meijer
        Mejia
        Mélenchon
        Melendez
        Melnikov
        Melnyk
        Meloni
        Melton
        Mendes
        Mendez
        Méndez
        Mendoza
        Menon
        Mensah
        Mercado
        Mercier
        Merkel
        Merritt
        Merwe
        Merz
        Messi
        Mészáros
        Meunier
        Meyer
        Meyers
        Michalak
        Michalski
        Middleton
        Mikhailov
        Milani
        Milei
        Miller
        Milošević
        Mironov
        Mirza
        Mishra
        Mitsotakis
        Mittal
        Mitterrand
        Miura
        Miyamoto
        Miyazaki
        Mnangagwa
        Modi
        Modrić
        Mohammadi
        Mohamud
        Mokoena
        Molina
        Möller
        Molnár
        Moloney
        Monroe
        Montanari
        Monteiro
        Montero
        Monti
        Montoya
        Moore
        Mora
        Moradi
        Morales
        Moran
        Morawiecki
        Moreau
        Moreira
        Morel
        Morelli
        Moreno
        Moretti
        Mori
        Morin
        Morita
        Morozov
        Morozova
        Morris
        Morrison
        Morrow
        Morse
        Mortensen
        Morton
        Mosley
        Moura
        Mousavi
        Moya
        Moyo
        Mozart
        Mthembu
        Mubarak
        Mueller
        Mugabe
        Mukherjee
        Mulder
        Mullen
        Müller
        Mullins
        Munoz
        Muñoz
        Munro
        Munteanu
        Murakami
        Murata
        Murphy
        Murray
        Murthy
        Museveni
        Musk
        Mutua
        Mwangi
        Myers
        Møller
        Nadal
        Nadella
        Nagy
        Naidoo
        Naidu
        Nair
        Najafi
        Nakagawa
        Nakajima
        Nakamura
        Nakano
        Nakayama
        Narayanan
        Nascimento
        Nash
        Nasrallah
        Nassar
        Natarajan
        Navalnaya
        Navalny
        Navarro
        Navrátil
        Nawrocki
        Nazarov
        Ncube
        Ndiaye
        Ndlovu
        Neal
        Nehru
        Němec
        Németh
        Neri
        Netanyahu
        Neumann
        Neves
        Newman
        Newsom
        Newton
        Ng
        Ngo
        Ngô
        Nguyen
        Nguyễn
        Nichols
        Nicholson
        Nielsen
        Niemi
        Nieminen
        Nieto
        Nikitin
        Nikolaev
        Nikolaidis
        Nikolić
        Nilsson
        Nishimura
        Nixon
        Njoroge
        Nkosi
        Nkrumah
        Noguchi
        Noh
        Norris
        Norton
        Novak
        Novák
        Novikov
        Novotný
        Nowak
        Nowicki
        Nunes
        Nunez
        Núñez
        Nwachukwu
        Nwosu
        O'Brien
        O'Connell
        O'Connor
        O'Donnell
        O'Neal
        O'Neill
        O'Reilly
        O'Sullivan
        Obama
        Obasanjo
        Ochieng
        Ochoa
        Odhiambo
        Odinga
        Ofori
        Ogawa
        Ogbonna
        Ogunleye
        Ohtani
        Oikonomou
        Okada
        Okafor
        Okamoto
        Okeke
        Okocha
        Okonkwo
        Okoro
        Okoye
        Olawale
        Oliveira
        Oliynyk
        Olsen
        Olson
        Olsson
        Olszewski
        Omondi
        Ong
        Ono
        Onyango
        Orbán
        Orlov
        Orozco
        Orr
        Ortega
        Ortiz
        Osborne
        Osei
        Osimhen
        Osorio
        Ostrowski
        Ota
        Otieno
        Otsuka
        Owens
        Owusu
        Ozdemir
        Özdemir
        Özkan
        Ozturk
        Öztürk
        Pacheco
        Padilla
        Pagano
        Palmer
        Palmieri
        Palumbo
        Pandey
        Papadakis
        Papadopoulos
        Papageorgiou
        Pappas
        Paredes
        Parisi
        Parker
        Parra
        Parrish
        Parsons
        Patel
        Paterson
        Patil
        Patterson
        Patton
        Pavlov
        Pavlović
        Pawar
        Pawlak
        Pawłowski
        Payne
        Pearson
        Pedersen
        Peeters
        Pellegrini
        Pelosi
        Peña
        Peng
        Pennington
        Pereira
        Perez
        Pérez
        Perić
        Perkins
        Perlman
        Perrin
        Persson
        Peskov
        Peters
        Petersen
        Peterson
        Petro
        Petrov
        Petrova
        Petrović
        Pettersson
        Pezeshkian
        Pfeiffer
        Pham
        Phạm
        Phan
        Phelps
        Phillips
        Picard
        Picasso
        Pichai
        Pillai
        Pineda
        Pinto
        Piotrowski
        Pires
        Pistorius
        Pittman
        Pitts
        Pizarro
        Plenković
        Pohl
        Poirier
        Pokorný
        Polat
        Polyakov
        Poole
        Popa
        Popescu
        Popov
        Popova
        Popović
        Poroshenko
        Pospíšil
        Potts
        Powell
        Pratt
        Pretorius
        Prieto
        Prins
        Pritchard
        Procházka
        Pruitt
        Pugh
        Putin
        Qaddafi
        Qian
        Qin
        Qiu
        Quaye
        Quintero
        Quispe
        Qureshi
        Rahimi
        Rahman
        Raisi
        Rajoy
        Ramachandran
        Raman
        Ramaphosa
        Ramirez
        Ramírez
        Ramos
        Ramsey
        Randhawa
        Rangel
        Rao
        Rasmussen
        Rathore
        Reagan
        Reddy
        Rees
        Reese
        Reeves
        Reid
        Reilly
        Reis
        Renard
        Renzi
        Reyes
        Reynolds
        Rezaei
        Ribeiro
        Ricci
        Richards
        Richardson
        Richter
        Rinaldi
        Rios
        Ríos
        Ritchie
        Rivas
        Rivera
        Rivière
        Rizvi
        Rizzi
        Rizzo
        Robbins
        Roberts
        Robertson
        Robinson
        Robles
        Rocha
        Rodgers
        Rodrigues
        Rodriguez
        Rodríguez
        Rogers
        Rojas
        Rolland
        Romano
        Romanov
        Romero
        Ronaldo
        Roosevelt
        Rosales
        Rosen
        Rosenberg
        Rosenthal
        Rossetti
        Rossi
        Roth
        Rouhani
        Rousseau
        Roussel
        Roux
        Rowe
        Rowling
        Rubin
        Rubio
        Ruggiero
        Ruiz
        Russo
        Rusu
        Rutkowski
        Ruto
        Rutte
        Růžička
        Ryu
        Saarinen
        Sachs
        Sadat
        Sadeghi
        Sahin
        Şahin
        Saito
        Sakai
        Sakamoto
        Sakurai
        Sala
        Salas
        Salazar
        Saleh
        Salinas
        Salminen
        Salvini
        Sampson
        Sanchez
        Sánchez
        Sandberg
        Sanders
        Sandhu
        Sandoval
        Sanford
        Sano
        Santana
        Santis
        Santoro
        Santos
        Sanz
        Sarkozy
        Sartori
        Sasaki
        Sato
        Satō
        Sauer
        Saunders
        Saxena
        Scalia
        Schaefer
        Schäfer
        Schäuble
        Schechter
        Schmid
        Schmidt
        Schmitt
        Schmitz
        Schneider
        Scholz
        Schoof
        Schouten
        Schreiber
        Schröder
        Schroeder
        Schulte
        Schultz
        Schulz
        Schulze
        Schumacher
        Schumer
        Schuster
        Schwartz
        Schwarz
        Segal
        Seidel
        Semenov
        Sen
        Seo
        Sergeev
        Serra
        Serrano
        Sesay
        Sexton
        Shah
        Shaheen
        Shakespeare
        Shapiro
        Sharma
        Shaw
        Sheikh
        Sheinbaum
        Shelton
        Shen
        Shepard
        Sheppard
        Sheridan
        Sherman
        Shevchenko
        Shevchuk
        Shi
        Shibata
        Shimizu
        Shirazi
        Shoigu
        Siddiqui
        Sidhu
        Sidorov
        Sigurðsson
        Sikora
        Sikorski
        Silva
        Silverman
        Silvestri
        Simmons
        Simpson
        Sims
        Şimşek
        Sinclair
        Singh
        Singleton
        Sinha
        Sinwar
        Sisi
        Sissoko
        Sithole
        Sloan
        Smet
        Smirnov
        Smirnova
        Smit
        Smith
        Smits
        Smotrich
        Snyder
        Soares
        Söder
        Sokolov
        Sokolova
        Soler
        Solis
        Solovyov
        Sorokin
        Sorrentino
        Soto
        Sotomayor
        Sousa
        Souza
        Soyinka
        Spielberg
        Srinivasan
        Srivastava
        Stafford
        Stalin
        Stanković
        Starmer
        Steele
        Stein
        Steinmeier
        Stepanov
        Stephens
        Stephenson
        Stevens
        Stevenson
        Stoica
        Stojanović
        Stokes
        Strickland
        Støre
        Su
        Suarez
        Suárez
        Subramanian
        Sugimoto
        Sugiyama
        Suleiman
        Sullivan
        Sunak
        Sutherland
        Sutskever
        Sutton
        Suzuki
        Svensson
        Svoboda
        Swanson
        Sweeney
        Sybiha
        Syrskyi
        Szabó
        Szewczyk
        Szymański
        Sørensen
        Tadesse
        Takács
        Takagi
        Takahashi
        Takeda
        Takeuchi
        Tam
        Tamura
        Tanaka
        Tang
        Taniguchi
        Tarasov
        Tavares
        Tay
        Tchaikovsky
        Tehrani
        Teixeira
        Tekin
        Tendulkar
        Teo
        Tesfaye
        Thakur
        Thompson
        Thomson
        Thornton
        Tian
        Tinubu
        Titov
        Tiwari
        Tkachenko
        Tolkien
        Tolstoy
        Tomaszewski
        Torres
        Tóth
        Toure
        Touré
        Townsend
        Toyoda
        Tran
        Trần
        Traore
        Traoré
        Trivedi
        Trudeau
        Trujillo
        Truong
        Trương
        Truss
        Trzaskowski
        Tsai
        Tsang
        Tse
        Tseng
        Tshabalala
        Tsipras
        Turner
        Tusk
        Tymoshenko
        Uchida
        Ueda
        Ünal
        Underwood
        Uzor
        Valdez
        Valentini
        Valenzuela
        Vance
        Varadkar
        Varga
        Vargas
        Vasiliev
        Vasquez
        Vaughan
        Vaughn
        Vazquez
        Vázquez
        Veen
        Vega
        Velasco
        Venkatesan
        Verhoeven
        Verma
        Vermeulen
        Verstappen
        Veselý
        Vidal
        Vieira
        Villanueva
        Vinogradov
        Virtanen
        Visser
        Vitale
        Vitali
        Vlasov
        Vliet
        Vogel
        Vogt
        Voigt
        Volkov
        Volkova
        Vos
        Vries
        Vu
        Vũ
        Vučić
        Vuković
        Wada
        Walczak
        Walker
        Wallace
        Walsh
        Walters
        Walton
        Wang
        Warner
        Warsame
        Watanabe
        Watkins
        Watson
        Webb
        Weber
        Webster
        Weidel
        Weinberg
        Weinstein
        Weiss
        Weiß
        Welch
        Wen
        Wexler
        Wheeler
        Whelan
        Whitaker
        Whitehead
        Wieczorek
        Wiggins
        Wilcox
        Wilders
        Wiley
        Wilkerson
        Wilkins
        Wilkinson
        Willems
        Williams
        Williamson
        Wilson
        Winkler
        Wiśniewski
        Witkowski
        Wojciechowski
        Wójcik
        Wolfe
        Wolff
        Wong
        Woodward
        Wouters
        Wozniak
        Woźniak
        Wright
        Wróbel
        Wu
        Xi
        Xia
        Xiao
        Xie
        Xiong
        Xu
        Yadav
        Yakovlev
        Yamada
        Yamaguchi
        Yamamoto
        Yamashita
        Yamazaki
        Yang
        Yanukovych
        Yao
        Yates
        Yeh
        Yeltsin
        Yeo
        Yeung
        Yildiz
        Yilmaz
        Yip
        Yokoyama
        Yoo
        Yoon
        Yoshida
        Yu
        Yuan
        Yun
        Yıldırım
        Yıldız
        Yılmaz
        Zaidi
        Zaitsev
        Zając
        Zakharov
        Zalewski
        Zaluzhny
        Zambrano
        Zamora
        Zapatero
        Zelenskiy
        Zelensky
        Zelenskyy
        Zeman
        Zeng
        Zhang
        Zhao
        Zheng
        Zhou
        Zhu
        Zhukov
        Ziegler
        Zieliński
        Zimmerman
        Zimmermann
        Zou
        Zuckerberg
        Zuckerman
        Zuma
        Đặng
        Đinh
        Đoković
        Đorđević
        """

    /// Surnames whose lowercase form is an ordinary English word (Brown, King, Stone).
    static let ambiguousSurnames = """
        Bacon
        Baker
        Ball
        Banks
        Barber
        Bass
        Bean
        Beard
        Bell
        Berry
        Best
        Bird
        Bishop
        Black
        Bloom
        Bond
        Bonnet
        Booth
        Bourgeois
        Branch
        Bravo
        Brewer
        Bridges
        Bright
        Brown
        Browning
        Burns
        Bush
        Butcher
        Butler
        Butt
        Cannon
        Carpenter
        Case
        Castle
        Chambers
        Chin
        Chow
        Church
        Combs
        Cook
        Crane
        Cross
        Curry
        Day
        Ding
        Doe
        Fan
        Farmer
        Fields
        Finch
        Fisher
        Flowers
        Foo
        Foster
        Fox
        Frost
        Fry
        Fuller
        Gaines
        Gallant
        Garner
        Garrison
        Gates
        Gentile
        Gentry
        Gill
        Glass
        Gold
        Golden
        Graves
        Green
        Gross
        Hall
        Hardy
        Herring
        Hill
        Hood
        Horn
        House
        Huff
        Hunt
        Jobs
        King
        Kiss
        Knight
        Lamb
        Law
        Levy
        Little
        Long
        Love
        Low
        Lynch
        Ma
        Manning
        Marks
        Marsh
        Mason
        Mills
        Monk
        Moody
        Moon
        Moss
        Noble
        Pace
        Page
        Pan
        Park
        Parks
        Parry
        Peacock
        Peck
        Pence
        Pierce
        Potter
        Powers
        Price
        Priest
        Rice
        Rivers
        Roach
        Rock
        Root
        Rush
        Savage
        Sellers
        Sharp
        Shepherd
        Shields
        Shin
        Short
        Silver
        Small
        Smart
        Snow
        Song
        Sow
        Sparks
        Spears
        Stark
        Stone
        Stout
        Strong
        Sugar
        Summers
        Sun
        Swift
        Tan
        Temple
        Trump
        Valentine
        Villa
        Wall
        Walls
        Ward
        Waters
        Watts
        Weaver
        Weeks
        Wells
        White
        Winters
        Wise
        Wolf
        Wood
        Woods
        Ye
        Young
        """

    /// Countries (with common alternative names), sub-national regions, continents and large regions, capitals and well-known cities, districts, and famous rivers, seas, mountains, lakes and islands.
    static let places = """
        A Coruña
        Aachen
        Aalborg
        Aarhus
        Aberdeen
        Abidjan
        Abkhazia
        Abruzzo
        Abu Dhabi
        Abuja
        Acapulco
        Accra
        Adana
        Addis Ababa
        Adelaide
        Aden
        Adriatic
        Adriatic Sea
        Aegean
        Aegean Sea
        Afghanistan
        Africa
        Agadir
        Agra
        Ahmedabad
        Aix-en-Provence
        Ajaccio
        Akihabara
        Akron
        Alabama
        Alaska
        Albania
        Albany
        Alberta
        Albuquerque
        Alcatraz
        Aleppo
        Alexandria
        Algarve
        Algeria
        Algiers
        Alicante
        Alice Springs
        Allentown
        Almaty
        Almere
        Almería
        Alps
        Alsace
        Amalfi
        Amalfi Coast
        Amarillo
        Amazon River
        Amazonas
        Amazonia
        America
        Americas
        Amersfoort
        Amiens
        Amman
        Amritsar
        Amsterdam
        Anaheim
        Anatolia
        Anchorage
        Andalucía
        Andalusia
        Andes
        Andhra Pradesh
        Andorra
        Andorra la Vella
        Anglesey
        Angola
        Anhui
        Ankara
        Ann Arbor
        Annapolis
        Annecy
        Antalya
        Antananarivo
        Antarctica
        Antibes
        Antigua
        Antigua and Barbuda
        Antwerp
        Antwerpen
        Aotearoa
        Apia
        Appalachia
        Appalachian Mountains
        Appalachians
        Apulia
        Aqaba
        Aquitaine
        Arabian Desert
        Arabian Peninsula
        Arabian Sea
        Aragon
        Aragón
        Arctic Ocean
        Arequipa
        Argentina
        Arizona
        Arkansas
        Arlington
        Armenia
        Arnhem
        Aruba
        Arunachal Pradesh
        Arusha
        Asheville
        Ashgabat
        Asia
        Asia-Pacific
        Asmara
        Assam
        Assisi
        Astana
        Asturias
        Asuncion
        Asunción
        Aswan
        Atacama
        Athens
        Atlanta
        Atlantic
        Atlantic City
        Atlantic Ocean
        Atlas Mountains
        Auckland
        Augsburg
        Augusta
        Australasia
        Australia
        Australian Capital Territory
        Austria
        Auvergne
        Avdiivka
        Avignon
        Azerbaijan
        Azores
        Baden-Baden
        Baden-Württemberg
        Baghdad
        Bahamas
        Bahia
        Bahrain
        Baja California
        Bakersfield
        Bakhmut
        Baku
        Balearic Islands
        Balearics
        Bali
        Balkans
        Balochistan
        Baltic Sea
        Baltic States
        Baltics
        Baltimore
        Bamako
        Bamberg
        Bandar Seri Begawan
        Bandung
        Bangalore
        Bangkok
        Bangladesh
        Bangor
        Bangui
        Banjul
        Barbados
        Barcelona
        Bari
        Barnsley
        Barranquilla
        Barrie
        Basel
        Basingstoke
        Basque Country
        Basra
        Basseterre
        Baton Rouge
        Batumi
        Bavaria
        Bay Area
        Bay of Bengal
        Bay of Biscay
        Bayern
        Bayreuth
        Bedford
        Beijing
        Beirut
        Belarus
        Belém
        Belfast
        Belgium
        Belgorod
        Belgrade
        Belize
        Belmopan
        Belo Horizonte
        Ben Nevis
        Benelux
        Bengal
        Bengaluru
        Benghazi
        Benidorm
        Benin
        Benin City
        Bergamo
        Bergen
        Bering Sea
        Berkeley
        Berkshire
        Berlin
        Bermuda
        Bern
        Berne
        Besançon
        Bethesda
        Bethlehem
        Beverly Hills
        Bhopal
        Bhubaneswar
        Bhutan
        Biarritz
        Bielefeld
        Big Sur
        Bihar
        Bilbao
        Billings
        Biloxi
        Birmingham
        Bishkek
        Bissau
        Black Sea
        Blackburn
        Blackpool
        Blantyre
        Bloemfontein
        Boca Raton
        Bochum
        Bodrum
        Bogota
        Bogotá
        Bohemia
        Boise
        Bolivia
        Bolton
        Bombay
        Bonn
        Bora Bora
        Bordeaux
        Borneo
        Bornholm
        Bosnia
        Bosnia and Herzegovina
        Bosphorus
        Boston
        Botswana
        Bournemouth
        Bozeman
        Bradford
        Braga
        Brahmaputra
        Brampton
        Brandenburg
        Brasil
        Brasilia
        Brasília
        Bratislava
        Braunschweig
        Brazil
        Brazzaville
        Breda
        Bremen
        Brescia
        Brest
        Bretagne
        Bridgetown
        Brighton
        Brisbane
        Bristol
        Britain
        British Columbia
        British Virgin Islands
        Brixton
        Brno
        Bronx
        Brooklyn
        Brownsville
        Bruges
        Brugge
        Brunei
        Brunswick
        Brussels
        Bruxelles
        Bucha
        Bucharest
        Buckinghamshire
        Budapest
        Buenos Aires
        Bujumbura
        Bulawayo
        Bulgaria
        Burgos
        Burkina Faso
        Burlington
        Burma
        Burnaby
        Burnley
        Bursa
        Burundi
        Busan
        Cabo San Lucas
        Cabo Verde
        Cadiz
        Cádiz
        Caen
        Cagliari
        Cairns
        Cairo
        Calabria
        Calais
        Calcutta
        Calgary
        Cali
        California
        Cambodia
        Cambridge
        Cambridgeshire
        Camden
        Cameroon
        Campania
        Canada
        Canary Islands
        Canary Wharf
        Canberra
        Cancun
        Cancún
        Cannes
        Cantabria
        Canterbury
        Cape Cod
        Cape Town
        Cape Verde
        Cappadocia
        Capri
        Caracas
        Cardiff
        Caribbean
        Caribbean Sea
        Carinthia
        Carlisle
        Carolina
        Carpathians
        Carson City
        Cartagena
        Casablanca
        Cascais
        Caspian Sea
        Castile
        Castilla y León
        Castilla-La Mancha
        Castries
        Catalonia
        Cataluña
        Catalunya
        Catania
        Caucasus
        Cayman Islands
        Ceará
        Cebu
        Cedar Rapids
        Central Africa
        Central African Republic
        Central America
        Central Asia
        Central Europe
        Ceylon
        Chamonix
        Champaign
        Chandigarh
        Changsha
        Channel Islands
        Chapel Hill
        Charleroi
        Charleston
        Charlottetown
        Chattanooga
        Chechnya
        Cheltenham
        Chelyabinsk
        Chemnitz
        Chengdu
        Chennai
        Chernihiv
        Chesapeake
        Chesapeake Bay
        Cheshire
        Chhattisgarh
        Chiang Mai
        Chiapas
        Chicago
        Chile
        China
        Chisinau
        Chișinău
        Chittagong
        Chongqing
        Christchurch
        Chula Vista
        Cincinnati
        Cinque Terre
        Ciudad Juárez
        Clermont-Ferrand
        Cleveland
        Cluj
        Cluj-Napoca
        Cochin
        Coimbatore
        Coimbra
        Colchester
        Colombia
        Colombo
        Colorado
        Colorado River
        Colorado Springs
        Columbia River
        Como
        Comoros
        Conakry
        Congo
        Congo River
        Connacht
        Connecticut
        Constanța
        Copenhagen
        Coral Sea
        Cordoba
        Córdoba
        Corfu
        Cornwall
        Corpus Christi
        Corsica
        Costa Rica
        Côte d'Azur
        Côte d'Ivoire
        Cotonou
        Cotswolds
        Cottbus
        County Durham
        Coventry
        Crawley
        Crete
        Crimea
        Croatia
        Croydon
        Cuba
        Culiacán
        Cumbria
        Cupertino
        Curaçao
        Curitiba
        Cusco
        Cuzco
        Cyprus
        Czech Republic
        Czechia
        Czechoslovakia
        D.C.
        Da Nang
        Daegu
        Daejeon
        Dagestan
        Dakar
        Dalian
        Dallas
        Damascus
        Dammam
        Danube
        Dar es Salaam
        Dardanelles
        Darfur
        Darjeeling
        Darmstadt
        Davao
        Davos
        Dayton
        Dead Sea
        Death Valley
        Debrecen
        Deep South
        Dehradun
        Delaware
        Delaware River
        Delft
        Delhi
        Democratic Republic of the Congo
        Den Haag
        Denali
        Denmark
        Denpasar
        Denver
        Derbyshire
        Derry
        Des Moines
        Detroit
        Dhaka
        Dijon
        Dili
        Djibouti
        Dnieper
        Dnipro
        Dodoma
        Doha
        Dolomites
        Dominica
        Dominican Republic
        Donbas
        Donbass
        Doncaster
        Donetsk
        Dongguan
        Donostia
        Dordogne
        Dordrecht
        Dorset
        Dortmund
        Douala
        Douro
        DR Congo
        DRC
        Dresden
        Dubai
        Dublin
        Dubrovnik
        Duisburg
        Duluth
        Dun Laoghaire
        Dundee
        Dunedin
        Durban
        Durham
        Dushanbe
        Dusseldorf
        Düsseldorf
        Ealing
        East Africa
        East Anglia
        East Asia
        East China Sea
        East Coast
        East Germany
        East Midlands
        East River
        East Sussex
        East Timor
        Easter Island
        Eastern Europe
        Ebro
        Ecuador
        Edinburgh
        Edmonton
        Egypt
        Eiger
        Eilat
        Eindhoven
        El Paso
        El Salvador
        Elbe
        Ellis Island
        Emilia-Romagna
        England
        English Channel
        Enschede
        Enugu
        Equatorial Guinea
        Erbil
        Erfurt
        Eritrea
        Espoo
        Essen
        Essex
        Estonia
        Eswatini
        Ethiopia
        Etna
        Euphrates
        Eurasia
        Europe
        Evanston
        Everest
        Everglades
        Exeter
        Extremadura
        Fairbanks
        Faisalabad
        Falkland Islands
        Falklands
        Fallujah
        Far East
        Fargo
        Faro
        Faroe Islands
        Fayetteville
        Ferrara
        Fiji
        Finland
        Firenze
        Flanders
        Flensburg
        Florianópolis
        Florida
        Florida Keys
        Fort Lauderdale
        Fort Wayne
        Fort Worth
        Fortaleza
        Foshan
        France
        Frankfort
        Frankfurt
        Frankfurt am Main
        Fredericton
        Freetown
        Freiburg
        Fremont
        French Guiana
        French Polynesia
        French Riviera
        Fresno
        Friesland
        Fuerteventura
        Fujian
        Fukuoka
        Funafuti
        Funchal
        Fuzhou
        Gabon
        Gaborone
        Galapagos
        Galápagos
        Galápagos Islands
        Galicia
        Galveston
        Galway
        Gambia
        Ganges
        Gangnam
        Gansu
        Garmisch-Partenkirchen
        Gatineau
        Gaza
        Gaza Strip
        Gaziantep
        Gdansk
        Gdańsk
        Geelong
        Gelderland
        Gelsenkirchen
        Geneva
        Genève
        Genoa
        Genova
        George Town
        Georgetown
        Germany
        Ghana
        Ghaziabad
        Ghent
        Gibraltar
        Gijón
        Ginza
        Girona
        Gitega
        Giza
        Glasgow
        Glendale
        Gloucester
        Gloucestershire
        Goa
        Gobi
        Gobi Desert
        Goiânia
        Goiás
        Golan Heights
        Gold Coast
        Goma
        Görlitz
        Göteborg
        Gothenburg
        Gotland
        Göttingen
        Gqeberha
        Gran Canaria
        Granada
        Grand Canyon
        Grand Rapids
        Graz
        Great Barrier Reef
        Great Britain
        Great Lakes
        Great Plains
        Great Salt Lake
        Greater London
        Greater Manchester
        Greece
        Green Bay
        Greenland
        Greensboro
        Greenwich
        Grenada
        Grenoble
        Groningen
        Grozny
        Guadalajara
        Guadeloupe
        Guam
        Guangdong
        Guangxi
        Guangzhou
        Guatemala
        Guatemala City
        Guayaquil
        Guelph
        Guernsey
        Guildford
        Guinea-Bissau
        Guizhou
        Gujarat
        Gulf Coast
        Gulf of Aden
        Gulf of America
        Gulf of Mexico
        Gulf of Oman
        Gurgaon
        Gurugram
        Guwahati
        Guyana
        Gwangju
        Haarlem
        Hackney
        Haifa
        Hainan
        Haiphong
        Haiti
        Halifax
        Halle
        Hamburg
        Hammersmith
        Hampshire
        Hamptons
        Hangzhou
        Hannover
        Hanoi
        Hanover
        Harare
        Harbin
        Hargeisa
        Harlem
        Harrisburg
        Harrogate
        Hartford
        Haryana
        Havana
        Hawaii
        Hebei
        Hebrides
        Hebron
        Hefei
        Heidelberg
        Heilbronn
        Heilongjiang
        Helsinki
        Henan
        Heraklion
        Herat
        Hertfordshire
        Herzegovina
        Hesse
        Hessen
        Hialeah
        Hilo
        Himachal Pradesh
        Himalaya
        Himalayas
        Hindu Kush
        Hiroshima
        Ho Chi Minh City
        Hobart
        Hoboken
        Hokkaido
        Holland
        Hollywood
        Home Counties
        Homs
        Honduras
        Hong Kong
        Honiara
        Honolulu
        Honshu
        Horn of Africa
        Houston
        Hubei
        Huddersfield
        Hudson Bay
        Hudson River
        Hunan
        Hungary
        Huntington Beach
        Huntsville
        Hyderabad
        Iași
        Ibadan
        Iberia
        Iberian Peninsula
        Ibiza
        Iceland
        Idaho
        Idlib
        Iguazu Falls
        Île-de-France
        Illinois
        Incheon
        India
        Indian Ocean
        Indiana
        Indianapolis
        Indo-Pacific
        Indochina
        Indonesia
        Indore
        Indus
        Ingolstadt
        Inner Mongolia
        Innsbruck
        Interlaken
        Inverness
        Ionian Sea
        Iowa
        Iowa City
        Ipswich
        Iqaluit
        Iran
        Iraq
        Ireland
        Irish Sea
        Irkutsk
        Irrawaddy
        Irvine
        Isfahan
        Islamabad
        Isle of Man
        Isle of Skye
        Isle of Wight
        Islington
        Israel
        Istanbul
        Italy
        Ithaca
        Ivory Coast
        Izmir
        İzmir
        Jackson Hole
        Jacksonville
        Jaipur
        Jakarta
        Jalisco
        Jamaica
        Jammu and Kashmir
        Japan
        Jeddah
        Jefferson City
        Jeju
        Jeju Island
        Jena
        Jenin
        Jerez
        Jersey City
        Jerusalem
        Jharkhand
        Jiangsu
        Jiangxi
        Jilin
        Jinan
        Joburg
        Jodhpur
        Johannesburg
        Johor Bahru
        Jordan River
        Juba
        Juneau
        K2
        Kabul
        Kaduna
        Kalahari
        Kalamazoo
        Kaliningrad
        Kampala
        Kandahar
        Kandy
        Kano
        Kanpur
        Kansai
        Kansas
        Kansas City
        Kanto
        Kaohsiung
        Karachi
        Karlsruhe
        Karnataka
        Kashmir
        Kassel
        Kathmandu
        Katowice
        Kauai
        Kaunas
        Kawasaki
        Kazakhstan
        Kazan
        Kelowna
        Kensington
        Kentucky
        Kenya
        Kerala
        Key West
        Khan Younis
        Kharkiv
        Kharkov
        Khartoum
        Kherson
        Khyber Pakhtunkhwa
        Kiel
        Kiel Canal
        Kiev
        Kigali
        Kilimanjaro
        Kilkenny
        Killarney
        Kingston
        Kingstown
        Kinshasa
        Kiribati
        Kirkuk
        Kiruna
        Kisumu
        Kitchener
        Klagenfurt
        Knoxville
        Koblenz
        Kochi
        Koh Samui
        Kolkata
        Köln
        Konstanz
        Konya
        Korea
        Košice
        Kosovo
        Kowloon
        Kozhikode
        Krakow
        Kraków
        Krasnodar
        Krasnoyarsk
        Krefeld
        Kuala Lumpur
        Kumasi
        Kunming
        Kurdistan
        Kursk
        Kuwait
        Kuwait City
        Kyiv
        Kyiv Oblast
        Kyoto
        Kyrgyzstan
        Kyushu
        København
        L.A.
        La Paz
        La Rioja
        Ladakh
        Lafayette
        Lagos
        Lahore
        Lake Baikal
        Lake Como
        Lake Constance
        Lake District
        Lake Erie
        Lake Garda
        Lake Geneva
        Lake Huron
        Lake Malawi
        Lake Michigan
        Lake Ontario
        Lake Superior
        Lake Tahoe
        Lake Tanganyika
        Lake Titicaca
        Lake Victoria
        Lancashire
        Lancaster
        Langkawi
        Languedoc
        Lansing
        Lanzarote
        Laos
        Lapland
        Laramie
        Laredo
        Las Cruces
        Las Palmas
        Las Vegas
        Latin America
        Latvia
        Lausanne
        Laval
        Lazio
        Le Havre
        Le Mans
        Lebanon
        Leeds
        Leicester
        Leicestershire
        Leiden
        Leinster
        Leipzig
        Leningrad
        Lesotho
        Leuven
        Levant
        Leverkusen
        Lexington
        Lhasa
        Liaoning
        Liberia
        Libreville
        Libya
        Liechtenstein
        Liège
        Liguria
        Lille
        Lilongwe
        Lima
        Limburg
        Limoges
        Limpopo
        Lincolnshire
        Linköping
        Linz
        Lisboa
        Lisbon
        Lithuania
        Liverpool
        Livorno
        Ljubljana
        Loch Ness
        Lodz
        Loire
        Loire Valley
        Lombardia
        Lombardy
        Lombok
        Lome
        Lomé
        London
        Londonderry
        Long Island
        Los Angeles
        Los Cabos
        Louisiana
        Louisville
        Lower Saxony
        Luanda
        Lubbock
        Lübeck
        Lublin
        Lubumbashi
        Lucca
        Lucerne
        Lucknow
        Ludhiana
        Lugano
        Luhansk
        Lund
        Lüneburg
        Lusaka
        Luton
        Luxembourg
        Luxor
        Luzern
        Luzon
        Lviv
        Lyon
        Maastricht
        Macao
        Macau
        Macedonia
        Machu Picchu
        Madagascar
        Madeira
        Madhya Pradesh
        Madras
        Madrid
        Madurai
        Magdeburg
        Maghreb
        Maharashtra
        Maidstone
        Main River
        Maine
        Mainz
        Majorca
        Majuro
        Makassar
        Makati
        Makkah
        Malabo
        Malacca
        Malaga
        Málaga
        Malawi
        Malaysia
        Maldives
        Malé
        Mali
        Malibu
        Mallorca
        Malmo
        Malmö
        Malta
        Managua
        Manama
        Manaus
        Manchester
        Manchuria
        Mandalay
        Mangalore
        Manhattan
        Manila
        Manipur
        Manitoba
        Mannheim
        Maputo
        Maracaibo
        Marbella
        Mariupol
        Markham
        Marrakech
        Marrakesh
        Marseille
        Marseilles
        Marshall Islands
        Martinique
        Maryland
        Maseru
        Mashhad
        Massachusetts
        Matterhorn
        Maui
        Mauritania
        Mauritius
        Mayfair
        Mazar-i-Sharif
        Mbabane
        McAllen
        Mechelen
        Mecklenburg-Vorpommern
        Mecklenburg-Western Pomerania
        Medan
        Medellin
        Medellín
        Medina
        Mediterranean
        Mediterranean Sea
        Meghalaya
        Mekong
        Melaka
        Melanesia
        Melbourne
        Memphis
        Menlo Park
        Menorca
        Mérida
        Merseyside
        Mesopotamia
        Messina
        Metz
        Mexico
        Mexico City
        Miami
        Miami Beach
        Michigan
        Michoacán
        Micronesia
        Middle East
        Middlesbrough
        Midlands
        Midwest
        Milan
        Milano
        Milton Keynes
        Milwaukee
        Minas Gerais
        Mindanao
        Minneapolis
        Minnesota
        Minsk
        Mississauga
        Mississippi
        Mississippi River
        Missoula
        Missouri
        Missouri River
        Mizoram
        Modena
        Modesto
        Mogadishu
        Mojave
        Mojave Desert
        Moldova
        Mombasa
        Monaco
        Mönchengladbach
        Moncton
        Mongolia
        Monrovia
        Mont Blanc
        Montana
        Monte Carlo
        Montego Bay
        Montenegro
        Monterey
        Monterrey
        Montevideo
        Montgomery
        Montmartre
        Montpelier
        Montpellier
        Montreal
        Montréal
        Moravia
        Morocco
        Moroni
        Moscow
        Moscow Oblast
        Moselle
        Mostar
        Mosul
        Mount Etna
        Mount Everest
        Mount Fuji
        Mount Kilimanjaro
        Mount Olympus
        Mount Rainier
        Mount Rushmore
        Mount St. Helens
        Mount Vesuvius
        Mozambique
        Mulhouse
        Multan
        Mumbai
        München
        Munich
        Munster
        Münster
        Murcia
        Murmansk
        Murray River
        Muscat
        Myanmar
        Mykolaiv
        Mykonos
        Mysore
        Mysuru
        N'Djamena
        Nablus
        Nagaland
        Nagasaki
        Nagorno-Karabakh
        Nagoya
        Nagpur
        Nairobi
        Namibia
        Namur
        Nanjing
        Nanning
        Nantes
        Nantucket
        Napa
        Napa Valley
        Naples
        Napoli
        Nara
        Nashik
        Nashville
        Nassau
        Nauru
        Navarra
        Navarre
        Naypyidaw
        Nazareth
        Near East
        Nebraska
        Neckar
        Negev
        Neom
        Nepal
        Netherlands
        Nevada
        New Brunswick
        New Caledonia
        New Delhi
        New England
        New Hampshire
        New Haven
        New Jersey
        New Mexico
        New Orleans
        New South Wales
        New York
        New York City
        New York State
        New Zealand
        Newark
        Newcastle
        Newcastle upon Tyne
        Newfoundland
        Newfoundland and Labrador
        Newport
        Niagara
        Niagara Falls
        Niamey
        Nicaragua
        Nicosia
        Niedersachsen
        Niger
        Niger River
        Nigeria
        Nijmegen
        Nile
        Nîmes
        Ningbo
        Ningxia
        Nizhny Novgorod
        Noida
        Nordrhein-Westfalen
        Norfolk
        Normandie
        Normandy
        North Africa
        North America
        North Brabant
        North Carolina
        North Dakota
        North Holland
        North Korea
        North Macedonia
        North Rhine-Westphalia
        North Sea
        Northern Europe
        Northern Ireland
        Northern Territory
        Northumberland
        Northwest Territories
        Norway
        Norwich
        Notting Hill
        Nottingham
        Nottinghamshire
        Nouakchott
        Nova Scotia
        Novi Sad
        Novosibirsk
        NRW
        Nuevo León
        Nuku'alofa
        Nunavut
        Nuremberg
        Nürnberg
        NYC
        Oahu
        Oakland
        Oaxaca
        Occitanie
        Oceania
        Odense
        Oder
        Odesa
        Odessa
        Odisha
        Ohio
        Ohio River
        Okinawa
        Oklahoma
        Oklahoma City
        Oldenburg
        Omaha
        Oman
        Omdurman
        Omsk
        Ontario
        Oporto
        Oran
        Örebro
        Oregon
        Orinoco
        Orissa
        Orkney
        Orlando
        Orléans
        Osaka
        Oshawa
        Oslo
        Osnabrück
        Ostend
        Ostrava
        Ottawa
        Ouagadougou
        Oulu
        Outer Hebrides
        Overland Park
        Oviedo
        Oxford
        Oxfordshire
        Oxnard
        Pacific
        Pacific Islands
        Pacific Northwest
        Pacific Ocean
        Paderborn
        Padova
        Padua
        Pakistan
        Palau
        Palermo
        Palestine
        Palikir
        Palm Beach
        Palm Springs
        Palma
        Palma de Mallorca
        Palo Alto
        Pamir
        Pamplona
        Panama
        Panama Canal
        Panama City
        Papua New Guinea
        Paraguay
        Paramaribo
        Paraná
        Paris
        Park City
        Parma
        Pasadena
        Passau
        Patagonia
        Patna
        Patras
        Pattaya
        Penang
        Pennsylvania
        Peoria
        Pernambuco
        Perpignan
        Persia
        Persian Gulf
        Perth
        Peru
        Perugia
        Peshawar
        Peterborough
        Philadelphia
        Philippines
        Philly
        Phnom Penh
        Phuket
        Piedmont
        Piemonte
        Pisa
        Pittsburgh
        Plano
        Playa del Carmen
        Plovdiv
        Plymouth
        Podgorica
        Pokhara
        Pokrovsk
        Poland
        Polynesia
        Pompeii
        Pondicherry
        Port Elizabeth
        Port Harcourt
        Port Louis
        Port Moresby
        Port of Spain
        Port Said
        Port Vila
        Port-au-Prince
        Portland
        Porto
        Porto Alegre
        Porto-Novo
        Portsmouth
        Portugal
        Positano
        Potomac
        Potsdam
        Poznan
        Poznań
        Prague
        Praha
        Praia
        PRC
        Pretoria
        Prince Edward Island
        Pristina
        Provence
        Provo
        Prussia
        Puducherry
        Puebla
        Puerto Rico
        Puerto Vallarta
        Puglia
        Pune
        Punjab
        Punta Cana
        Punta del Este
        Pusan
        Putrajaya
        Pyongyang
        Pyrenees
        Qatar
        Qingdao
        Qinghai
        Qom
        Quebec
        Québec
        Quebec City
        Queensland
        Queenstown
        Querétaro
        Quetta
        Quezon City
        Quito
        Rabat
        Rafah
        Raipur
        Rajasthan
        Raleigh
        Ramallah
        Ranchi
        Rangoon
        Raqqa
        Ravenna
        Rawalpindi
        Recife
        Red Sea
        Redmond
        Regensburg
        Reggio Calabria
        Reggio Emilia
        Reims
        Rennes
        Reno
        Republic of Ireland
        Republic of the Congo
        Réunion
        Reykjavik
        Reykjavík
        Rheinland-Pfalz
        Rhine
        Rhineland
        Rhineland-Palatinate
        Rhode Island
        Rhodes
        Rhone
        Rhône
        Richmond
        Riga
        Rijeka
        Rimini
        Rio
        Rio de Janeiro
        Rio Grande
        Rio Grande do Sul
        Rishikesh
        River Thames
        Riviera
        Riyadh
        Rochester
        Rockies
        Rocky Mountains
        Romania
        Rome
        Roseau
        Rostock
        Rostov
        Rostov-on-Don
        Rotherham
        Rotorua
        Rotterdam
        Rouen
        Rovaniemi
        Rügen
        Ruhr
        Russia
        Russian Federation
        Rust Belt
        Rwanda
        Saarbrücken
        Saarland
        Sachsen
        Sachsen-Anhalt
        Sacramento
        Sahara
        Sahara Desert
        Sahel
        Saigon
        Saint Kitts and Nevis
        Saint Louis
        Saint Lucia
        Saint Paul
        Saint Petersburg
        Saint Vincent and the Grenadines
        Saint-Étienne
        Saint-Tropez
        Saitama
        Salamanca
        Salerno
        Salford
        Salisbury
        Salt Lake City
        Salzburg
        Samara
        Samoa
        San Antonio
        San Bernardino
        San Diego
        San Francisco
        San Francisco Bay Area
        San Jose
        San José
        San Juan
        San Marino
        San Mateo
        San Pedro Sula
        San Salvador
        San Sebastián
        Sana'a
        Sanaa
        Santa Barbara
        Santa Catarina
        Santa Clara
        Santa Clarita
        Santa Cruz
        Santa Fe
        Santa Monica
        Santa Rosa
        Santiago de Compostela
        Santiago de Cuba
        Santo Domingo
        Santorini
        Sao Paulo
        São Paulo
        São Tomé
        Sao Tome and Principe
        São Tomé and Príncipe
        Sapporo
        Sarajevo
        Sardegna
        Sardinia
        Saskatchewan
        Saskatoon
        Saudi Arabia
        Savoie
        Savoy
        Saxony
        Saxony-Anhalt
        Scandinavia
        Schleswig-Holstein
        Schwerin
        Scotland
        Scottish Highlands
        Scottsdale
        Scranton
        Sea of Azov
        Sea of Galilee
        Sea of Japan
        Seattle
        Sedona
        Segovia
        Seine
        Semarang
        Sendai
        Senegal
        Seoul
        Serbia
        Serengeti
        Sevastopol
        Sevilla
        Seville
        Seychelles
        Shaanxi
        Shandong
        Shanghai
        Shannon River
        Shanxi
        Sharjah
        Sharm el-Sheikh
        Sheffield
        Shenyang
        Shenzhen
        Shetland
        Shibuya
        Shikoku
        Shimla
        Shinjuku
        Shoreditch
        Shreveport
        Shrewsbury
        Shropshire
        Siberia
        Sichuan
        Sicilia
        Sicily
        Siem Reap
        Siena
        Sierra Leone
        Sierra Nevada
        Sikkim
        Silesia
        Silicon Valley
        Sinai
        Sinaloa
        Sindh
        Singapore
        Sintra
        Sioux Falls
        Skopje
        Skye
        Slovakia
        Slovenia
        Snowdon
        Sochi
        Soho
        Solomon Islands
        Somalia
        Somaliland
        Somerset
        Sonoma
        Sonora
        Sorrento
        South Africa
        South America
        South Asia
        South Australia
        South Bend
        South Carolina
        South China Sea
        South Dakota
        South Holland
        South Korea
        South Ossetia
        South Sudan
        South Tyrol
        Southampton
        Southeast Asia
        Southern Africa
        Southern Europe
        Southern Ocean
        Soviet Union
        Soweto
        Spain
        Spokane
        Springfield
        Sri Lanka
        Srinagar
        St. Gallen
        St. George's
        St. John's
        St. Lawrence
        St. Lawrence River
        St. Louis
        St. Lucia
        St. Paul
        St. Petersburg
        Staffordshire
        Stalingrad
        Stamford
        Staten Island
        Stavanger
        Stellenbosch
        Stirling
        Stockholm
        Stockport
        Stockton
        Stoke-on-Trent
        Strait of Gibraltar
        Strait of Hormuz
        Strait of Malacca
        Strasbourg
        Stratford
        Stuttgart
        Styria
        Sub-Saharan Africa
        Sucre
        Sudan
        Sudbury
        Suez
        Suez Canal
        Suffolk
        Sulawesi
        Sumatra
        Sumy
        Sunderland
        Sunnyvale
        Surabaya
        Surat
        Suriname
        Surrey
        Sussex
        Suva
        Suzhou
        Svalbard
        Swansea
        Swaziland
        Sweden
        Swindon
        Swiss Alps
        Switzerland
        Sydney
        Sylt
        Syracuse
        Syria
        Szczecin
        Tabriz
        Tacoma
        Tagus
        Tahiti
        Tahoe
        Taichung
        Tainan
        Taipei
        Taiwan
        Taiwan Strait
        Tajikistan
        Tallahassee
        Tallinn
        Tamaulipas
        Tamil Nadu
        Tampa
        Tampere
        Tangier
        Tanzania
        Taranto
        Tarawa
        Tarragona
        Tashkent
        Tasman Sea
        Tasmania
        Tatarstan
        Tauranga
        Tbilisi
        Tegucigalpa
        Tehran
        Tel Aviv
        Telangana
        Telford
        Tempe
        Tenerife
        Tennessee
        Texas
        Thailand
        Thames
        Thane
        The Hague
        Thessaloniki
        Thimphu
        Thiruvananthapuram
        Thunder Bay
        Thüringen
        Thuringia
        Tian Shan
        Tianjin
        Tiber
        Tibet
        Tierra del Fuego
        Tigris
        Tijuana
        Tilburg
        Timbuktu
        Timișoara
        Timor-Leste
        Tirana
        Tirol
        Tobago
        Togo
        Tokyo
        Toledo
        Tonga
        Topeka
        Torino
        Toronto
        Tórshavn
        Toscana
        Toulon
        Toulouse
        Townsville
        Transnistria
        Transylvania
        Trenton
        Tri-State Area
        Trier
        Trieste
        Trinidad
        Trinidad and Tobago
        Tripoli
        Tripura
        Trivandrum
        Tromso
        Tromsø
        Trondheim
        Tübingen
        Tucson
        Tulsa
        Tulum
        Tunis
        Tunisia
        Turin
        Türkiye
        Turkmenistan
        Turku
        Tuscany
        Tuvalu
        Tyneside
        Tyrol
        Tyrrhenian Sea
        U.K.
        U.S.
        U.S. Virgin Islands
        U.S.A.
        UAE
        Udaipur
        Ufa
        Uganda
        UK
        Ukraine
        Ulaanbaatar
        Ulan Bator
        Ulm
        Ulsan
        Ulster
        Uluru
        Umbria
        United Arab Emirates
        United Kingdom
        United States
        United States of America
        Uppsala
        Ural Mountains
        Urals
        Uruguay
        Urumqi
        USA
        USSR
        Utah
        Utrecht
        Uttar Pradesh
        Uttarakhand
        Uzbekistan
        Vadodara
        Vaduz
        Vail
        Valencia
        Valladolid
        Valletta
        Valparaiso
        Valparaíso
        Vancouver
        Vantaa
        Vanuatu
        Varanasi
        Varna
        Västerås
        Vatican
        Vatican City
        Vegas
        Veneto
        Venezia
        Venezuela
        Venice
        Veracruz
        Vermont
        Verona
        Versailles
        Vesuvius
        Victoria Falls
        Vienna
        Vientiane
        Viet Nam
        Vietnam
        Vigo
        Vilnius
        Virginia
        Virginia Beach
        Visakhapatnam
        Vistula
        Vitoria-Gasteiz
        Vladivostok
        Volga
        Volgograd
        Voronezh
        Waco
        Waikiki
        Wakefield
        Wales
        Wallonia
        Warrington
        Warsaw
        Warwick
        Warwickshire
        Washington
        Washington D.C.
        Washington DC
        Washington State
        Waterford
        Waterloo
        Watford
        Weimar
        Wellington
        West Africa
        West Asia
        West Bank
        West Bengal
        West Coast
        West Germany
        West Midlands
        West Palm Beach
        West Sussex
        West Virginia
        Western Australia
        Western Europe
        Western Sahara
        Westminster
        Whitehorse
        Wichita
        Wien
        Wiesbaden
        Wigan
        Wilmington
        Wiltshire
        Wimbledon
        Winchester
        Windhoek
        Windsor
        Winnipeg
        Winston-Salem
        Winterthur
        Wisconsin
        Wolfsburg
        Wollongong
        Wolverhampton
        Worcester
        Worcestershire
        Wroclaw
        Wrocław
        Wuhan
        Wuppertal
        Würzburg
        Wyoming
        Xi'an
        Xiamen
        Xinjiang
        Yamoussoukro
        Yangon
        Yangtze
        Yaounde
        Yaoundé
        Yekaterinburg
        Yellow River
        Yellow Sea
        Yellowknife
        Yellowstone
        Yemen
        Yerevan
        Yogyakarta
        Yokohama
        Yonkers
        York
        Yorkshire
        Yosemite
        Yucatan
        Yucatán
        Yugoslavia
        Yukon
        Yukon River
        Yunnan
        Zadar
        Zagreb
        Zambezi
        Zambia
        Zanzibar
        Zaporizhzhia
        Zaragoza
        Zeeland
        Zermatt
        Zhejiang
        Zhengzhou
        Zimbabwe
        Zug
        Zugspitze
        Zurich
        Zürich
        Zwolle
        Łódź
        """

    /// Place names that, lowercase or sentence-initial, more often mean something else: an ordinary word (Nice, Reading, Turkey) or a common given name (Jordan, Austin, Victoria).
    static let ambiguousPlaces = """
        Angers
        Antarctic
        Arctic
        Aspen
        Austin
        Bath
        Bismarck
        Black Forest
        Bologna
        Boulder
        Brittany
        Buffalo
        Burgundy
        Canton
        Carmel
        Cayenne
        Chad
        Champagne
        Charlotte
        Chelsea
        Chester
        Cheyenne
        Chihuahua
        Cologne
        Columbia
        Columbus
        Concord
        Cork
        Darwin
        DC
        Derby
        Devon
        Eugene
        Fez
        Flagstaff
        Florence
        Georgia
        Guinea
        Hamilton
        Hastings
        Highlands
        Hull
        Independence
        Jackson
        Java
        Jersey
        Jordan
        Kent
        Kobe
        LA
        Labrador
        Limerick
        Lincoln
        Little Rock
        Long Beach
        Madison
        Mecca
        Mesa
        Mobile
        Mocha
        Mountain View
        Natal
        Nice
        Normal
        Olympia
        Orange
        Perm
        Phoenix
        Preston
        Providence
        Queens
        Reading
        Regina
        Rugby
        Salem
        Santiago
        Savannah
        Shiraz
        Sofia
        Split
        Surprise
        Tabasco
        Tours
        Turkey
        Victoria
        Worms
        """

    /// Well-known organisations: companies, banks, media, governments and agencies, international bodies, universities and institutes, sports teams and leagues, political parties, non-profits. Multi-word names in full.
    static let organizations = """
        20th Century Fox
        3M
        49ers
        7-Eleven
        76ers
        a16z
        Aam Aadmi Party
        AB InBev
        ABB
        AbbVie
        ABC News
        ABN AMRO
        AC Milan
        Accenture
        Accor
        Acer
        ACLU
        Activision
        Activision Blizzard
        Adidas
        Adobe
        Aer Lingus
        Aeroflot
        Aeroméxico
        AfD
        AFP
        African National Congress
        African Union
        Agence France-Presse
        AIG
        Air Canada
        Air China
        Air France
        Air France-KLM
        Air India
        Air New Zealand
        Airbnb
        Airbus
        Airtel
        Akamai
        AKP
        Al Hilal
        Al Jazeera
        Al Nassr
        Al Qaeda
        Al-Hilal
        Al-Nassr
        al-Qaeda
        al-Shabaab
        Alaska Airlines
        Alcoa
        Aldi
        Alfa Romeo
        Alibaba
        All Nippon Airways
        Allen Institute
        Allianz
        Alternative für Deutschland
        Amazon Web Services
        AMD
        American Airlines
        American Express
        Amex
        Amgen
        Amnesty International
        Amtrak
        ANC
        Andreessen Horowitz
        Anglo American
        Anheuser-Busch
        Anthropic
        ANZ
        AOL
        Apache Software Foundation
        Arab League
        Aramco
        ArcelorMittal
        ARD
        Argos
        Arm Holdings
        Armani
        Ars Technica
        Arsenal FC
        AS Roma
        Asahi Shimbun
        Asda
        ASEAN
        ASML
        Associated Press
        Aston Martin
        Aston Villa
        AstraZeneca
        Astros
        Asus
        AT&T
        ATF
        Atlanta Braves
        Atlassian
        Atletico Madrid
        Atlético Madrid
        ATP
        Auchan
        Audi
        Australian National University
        Austrian Airlines
        Autodesk
        Automattic
        Avianca
        Aviva
        AWS
        AXA
        Axios
        BAE Systems
        Baidu
        Bain & Company
        Balenciaga
        Baltimore Ravens
        Bandai Namco
        Bank of America
        Bank of China
        Bank of England
        Bank of Japan
        Barça
        Barclays
        BASF
        Bayer
        Bayer Leverkusen
        Bayern München
        Bayern Munich
        BBC
        BBC News
        BBVA
        BCCI
        BCG
        Bell Canada
        Bell Labs
        Benfica
        Berkshire Hathaway
        Beşiktaş
        Bharatiya Janata Party
        Bharti Airtel
        BHP
        Bild
        Bill & Melinda Gates Foundation
        Binance
        BioNTech
        BJP
        BlackRock
        Blackstone
        Bloomberg
        BMO
        BMW
        BNP Paribas
        Boca Juniors
        Boehringer Ingelheim
        Boeing
        Boko Haram
        Bombardier
        Booking.com
        Borussia Dortmund
        Bosch
        Boston Bruins
        Boston Celtics
        Boston Consulting Group
        Boston Globe
        Boston Red Sox
        Boston University
        BRICS
        Bridgewater Associates
        Bristol-Myers Squibb
        British Airways
        British Army
        British Library
        British Museum
        Broad Institute
        Broadcom
        Brookings
        Brookings Institution
        Brooklyn Nets
        Brothers of Italy
        Brown University
        BT Group
        Budweiser
        Buffalo Bills
        Bugatti
        Buick
        Bundesbank
        Bundesliga
        Bundesrat
        Bundestag
        Bundeswehr
        Burberry
        Burger King
        BuzzFeed
        BVB
        BYD
        ByteDance
        C-SPAN
        Cabinet Office
        Cadbury
        Cadillac
        California Institute of Technology
        Caltech
        Cambridge University
        Canadiens
        Canva
        Capcom
        Capgemini
        Carlsberg
        Carlyle Group
        Carnegie Mellon
        Carnegie Mellon University
        Carrefour
        Cartier
        Cathay Pacific
        Catholic Church
        Cato Institute
        CBS
        CBS News
        CCP
        CDC
        CDU
        Celtic FC
        Celtics
        Census Bureau
        Cerebras
        CERN
        CFTC
        Champions League
        Chanel
        Channel 4
        Charles Schwab
        Chase Bank
        Chatham House
        Chelsea FC
        Chennai Super Kings
        Chevrolet
        Chevy
        Chicago Bears
        Chicago Blackhawks
        Chicago Bulls
        Chicago Cubs
        Chicago Tribune
        Chick-fil-A
        China Construction Bank
        China Eastern
        China Mobile
        China Southern
        Chinese Communist Party
        CHP
        Chrysler
        Church of England
        CIA
        Cincinnati Bengals
        Cisco
        Citi
        Citibank
        Citigroup
        Citroen
        Citroën
        Civic Platform
        Cleveland Browns
        Cleveland Cavaliers
        Cleveland Clinic
        Cloudflare
        CMU
        CNBC
        CNN
        CNOOC
        Coca-Cola
        Coinbase
        Columbia Pictures
        Columbia University
        Comcast
        Commerce Department
        Commerzbank
        Commonwealth Bank
        Communist Party
        Congress
        ConocoPhillips
        Conservative Party
        CoreWeave
        Cornell
        Cornell University
        Corriere della Sera
        Costa Coffee
        Costco
        Council of Europe
        Council on Foreign Relations
        Coursera
        Credit Agricole
        Crédit Agricole
        Credit Suisse
        Crystal Palace
        CSU
        Currys
        CVS
        CVS Health
        Daily Mail
        Daily Mirror
        Daily Telegraph
        Daimler
        Dallas Cowboys
        Dallas Mavericks
        Danone
        Danske Bank
        DARPA
        Dartmouth
        Databricks
        DC Comics
        DEA
        DeepMind
        Defense Department
        Deliveroo
        Dell Technologies
        Deloitte
        Delta Air Lines
        Democratic National Committee
        Democratic Party
        Democratic Progressive Party
        Denver Broncos
        Denver Nuggets
        Department of Defense
        Department of Education
        Department of Energy
        Department of Homeland Security
        Department of Justice
        Department of Labor
        Department of State
        Der Spiegel
        Detroit Lions
        Deutsche Bahn
        Deutsche Bank
        Deutsche Börse
        Deutsche Post
        Deutsche Telekom
        Deutsche Welle
        DHL
        DHS
        Diageo
        Die Linke
        DigitalOcean
        Dior
        Disney
        DNC
        Docker
        Doctors Without Borders
        DoD
        Dodgers
        DOJ
        Dollar General
        Dollar Tree
        DoorDash
        Downing Street
        DPP
        DreamWorks
        Dropbox
        Ducati
        Duke Energy
        Duke University
        Duma
        Dunkin
        Dunkin Donuts
        Duolingo
        DUP
        E.ON
        E.U.
        easyJet
        eBay
        ECB
        Edeka
        EDF
        Edmonton Oilers
        EFF
        EgyptAir
        El Al
        El Mundo
        El País
        Electronic Arts
        Electronic Frontier Foundation
        Eli Lilly
        Elysee
        Élysée
        Élysée Palace
        Embraer
        Emirates
        Enel
        Engadget
        Eni
        EPA
        EPFL
        Equinor
        Ericsson
        Ernst & Young
        ESA
        Estée Lauder
        ETH Zurich
        Ethiopian Airlines
        Etihad
        Etsy
        EU
        Euronext
        Europa League
        European Central Bank
        European Commission
        European Council
        European Parliament
        European Space Agency
        European Union
        Europol
        Eurostar
        Eurostat
        Eurowings
        Evening Standard
        Everton
        Expedia
        Exxon
        ExxonMobil
        EY
        FAA
        Facebook
        FAO
        FAZ
        FBI
        FC Barcelona
        FC Bayern
        FC Porto
        FCC
        FDA
        FDIC
        FDP
        Federal Reserve
        FedEx
        FEMA
        Fenerbahce
        Fenerbahçe
        Ferrari
        Ferrero
        Feyenoord
        Fianna Fáil
        Fidesz
        FIFA
        Figma
        Financial Times
        Fine Gael
        Finnair
        Fitch Ratings
        Five Star Movement
        Flamengo
        Flipkart
        Forbes
        Foreign Office
        Formula One
        Forza Italia
        Fox News
        Frankfurter Allgemeine
        Fratelli d'Italia
        Fraunhofer
        Fraunhofer Society
        Free Software Foundation
        Front National
        FSB
        FTC
        FTX
        Fudan University
        Fujitsu
        G20
        G7
        Galatasaray
        Gallup
        GameStop
        Gartner
        Gates Foundation
        Gazprom
        GCHQ
        GE
        Geely
        General Dynamics
        General Electric
        General Mills
        General Motors
        Generali
        Georgetown University
        Georgia Tech
        Gilead
        GitHub
        GitLab
        Gizmodo
        GlaxoSmithKline
        Glencore
        Golden State Warriors
        Goldman Sachs
        Google
        Google DeepMind
        GOP
        Great Wall Motors
        Green Bay Packers
        Green Party
        Greenpeace
        Groq
        GRU
        Grubhub
        GSK
        Gucci
        Guggenheim
        Guinness
        H&M
        Halliburton
        Hamas
        Haribo
        Harley-Davidson
        Harrods
        Harvard
        Harvard Business School
        Harvard University
        HashiCorp
        HBO
        HDFC Bank
        Hebrew University
        HEC Paris
        Heidelberg University
        Heineken
        Henkel
        Heritage Foundation
        Hermès
        Heroku
        Hershey
        Hewlett-Packard
        Hezbollah
        Hilton
        Hindustan Times
        Hitachi
        HM Treasury
        HMRC
        Hollywood Reporter
        Home Depot
        Honda
        Honeywell
        House of Commons
        House of Lords
        House of Representatives
        Houston Astros
        Houston Rockets
        Houthis
        HSBC
        Huawei
        HubSpot
        Huffington Post
        HuffPost
        Hugging Face
        Hulu
        Human Rights Watch
        Humboldt University
        Hyatt
        Hyundai
        IAEA
        Iberdrola
        IBM
        ICBC
        ICC
        ICICI Bank
        ICJ
        ICRC
        IDF
        IEEE
        IETF
        IHG
        IIT
        IIT Bombay
        IIT Delhi
        IKEA
        ILO
        IMF
        Imperial College
        Imperial College London
        In-N-Out
        Indian Institute of Science
        Indian Institute of Technology
        Indian National Congress
        Inditex
        Infosys
        ING
        INSEAD
        Instacart
        Instagram
        Inter Miami
        Inter Milan
        International Atomic Energy Agency
        International Committee of the Red Cross
        International Court of Justice
        International Criminal Court
        International Monetary Fund
        International Olympic Committee
        Internazionale
        Interpol
        Intesa Sanpaolo
        IOC
        IPCC
        IPL
        Ipsos
        IRS
        ISIL
        ISIS
        Islamic State
        Israel Defense Forces
        ISRO
        ITV
        J.P. Morgan
        Jaguar Land Rover
        Japan Airlines
        JAXA
        JCPenney
        JD.com
        Jet2
        JetBlue
        JetBrains
        Jio
        John Deere
        John Lewis
        Johns Hopkins
        Johns Hopkins University
        Johnson & Johnson
        JPMorgan
        JPMorgan Chase
        JPMorgan Chase & Co.
        Juilliard
        Justice Department
        Juventus
        Kaiser Permanente
        KAIST
        Kakao
        Kansas City Chiefs
        Karolinska Institute
        Kaufland
        Kellogg's
        Kenya Airways
        Kering
        KFC
        KGB
        Khan Academy
        Kia
        KKR
        Klarna
        KLM
        Kmart
        KMT
        Knesset
        Knicks
        Konami
        Korean Air
        KPMG
        KPN
        Kraft Heinz
        Kremlin
        Krispy Kreme
        Kroger
        KTH
        Kuomintang
        Kyoto University
        L'Oréal
        La France Insoumise
        LA Galaxy
        La Liga
        La Repubblica
        LA Times
        Labor Department
        Labour Party
        Lakers
        Lamborghini
        Lancet
        Land Rover
        LAPD
        Las Vegas Raiders
        LDP
        Le Figaro
        Le Monde
        Leeds United
        Leicester City
        Lenovo
        Les Républicains
        LG
        LG Electronics
        Li Auto
        Lib Dems
        Liberal Democratic Party
        Liberal Democrats
        Liberal Party of Canada
        Libération
        Library of Congress
        Lidl
        Ligue 1
        Likud
        Lindt
        LinkedIn
        Linux Foundation
        Lionsgate
        Live Nation
        Liverpool FC
        Lloyds
        Lloyds Bank
        LMU
        Lockheed Martin
        Logitech
        London School of Economics
        London Stock Exchange
        Los Angeles Clippers
        Los Angeles Dodgers
        Los Angeles Lakers
        Los Angeles Rams
        Los Angeles Times
        Louis Vuitton
        Louvre
        LSE
        Lucid Motors
        Lufthansa
        Lukoil
        Lululemon
        LVMH
        Lyft
        M&S
        Maersk
        Mahindra
        Mailchimp
        Man City
        Man United
        Man Utd
        Manchester City
        Manchester United
        Maple Leafs
        Marine Corps
        Marks & Spencer
        Marriott
        Maruti Suzuki
        Marvel Studios
        Maserati
        Mashable
        Massachusetts Institute of Technology
        Mastercard
        Max Planck Institute
        Max Planck Society
        Mayo Clinic
        Mazda
        McDonald's
        McGill
        McGill University
        McKinsey
        McKinsey & Company
        McLaren
        Médecins Sans Frontières
        MediaMarkt
        Mercedes-Benz
        Merck
        Met Police
        Meta Platforms
        MetLife
        Metropolitan Museum of Art
        Metropolitan Police
        Mets
        MI5
        MI6
        Miami Dolphins
        Miami Heat
        Microsoft
        Midjourney
        Milwaukee Bucks
        Ministry of Defence
        Minnesota Vikings
        Mistral AI
        MIT
        Mitsubishi
        Mizuho
        MLB
        MLS
        Moderna
        MoMA
        Mondelez
        MongoDB
        Montreal Canadiens
        Monzo
        Morgan Stanley
        Morrisons
        Mossad
        Mozilla
        Mozilla Foundation
        MSF
        MSNBC
        MTA
        MTN
        MUFG
        Mumbai Indians
        Munich Re
        Muslim Brotherhood
        N26
        NAACP
        Nando's
        NASA
        NASCAR
        Nasdaq
        National Academy of Sciences
        National Geographic
        National Guard
        National Health Service
        National Rally
        National University of Singapore
        National Weather Service
        NATO
        NatWest
        Naver
        NBA
        NBC
        NBC News
        NCAA
        NDP
        NDTV
        Nestlé
        Netflix
        Netlify
        Network Rail
        New Democratic Party
        New England Patriots
        New York Giants
        New York Jets
        New York Knicks
        New York Mets
        New York Rangers
        New York Stock Exchange
        New York Times
        New York University
        New York Yankees
        Newcastle United
        Newsweek
        NFL
        NHK
        NHL
        NHS
        NIH
        Nike
        Nikkei
        Nintendo
        NIO
        Nippon Steel
        Nissan
        NIST
        NOAA
        Nobel Committee
        Nobel Foundation
        Nokia
        Nomura
        Nordea
        Nordstrom
        Northrop Grumman
        Northwestern University
        Nottingham Forest
        Novartis
        Novo Nordisk
        NPR
        NSA
        NTSB
        NTT
        NTT Docomo
        NUS
        Nvidia
        NYPD
        NYSE
        NYT
        NYU
        Ocado
        OECD
        Ofcom
        Office Depot
        Ofsted
        Ohio State
        Ohio State University
        Oilers
        Oklahoma City Thunder
        Old Navy
        Olympique de Marseille
        Olympique Lyonnais
        OPEC
        Opel
        OpenAI
        Optus
        Orsted
        Oxfam
        Oxford University
        P&G
        Packers
        Palantir
        Palmeiras
        Panasonic
        Paramount Pictures
        Paris Saint-Germain
        Parliament
        Parti Socialiste
        Partido Popular
        Patreon
        PayPal
        Paytm
        PBS
        Peking University
        Pemex
        Penn State
        Pentagon
        Pepsi
        PepsiCo
        Petrobras
        PetroChina
        Peugeot
        Pew Research Center
        Pfizer
        PG&E
        PGA
        Philadelphia 76ers
        Philadelphia Eagles
        Philips
        Phoenix Suns
        Pinduoduo
        Pinterest
        PiS
        Pittsburgh Penguins
        Pittsburgh Steelers
        Pixar
        Pizza Hut
        PKK
        Plaid Cymru
        Planned Parenthood
        Podemos
        Polestar
        Politico
        Porsche
        Prada
        Prado
        Premier League
        Pret A Manger
        PRI
        PricewaterhouseCoopers
        Primark
        Princeton
        Princeton University
        Procter & Gamble
        Prudential
        PSG
        PSOE
        PSV
        PSV Eindhoven
        Publix
        PwC
        Python Software Foundation
        Qantas
        Qatar Airways
        Qualcomm
        Quora
        Rabobank
        RAF
        Rakuten
        RAND Corporation
        Rassemblement National
        Raytheon
        RB Leipzig
        RBC
        Real Madrid
        Red Bull
        Red Bull Racing
        Red Crescent
        Red Cross
        Red Sox
        Reddit
        Reebok
        Reform UK
        Regeneron
        Reliance Industries
        Renault
        Republican National Committee
        Republican Party
        Reserve Bank of India
        Reuters
        Revolut
        Rewe
        Rheinmetall
        Rice University
        Rijksmuseum
        Rio Tinto
        Riot Games
        Ritz-Carlton
        River Plate
        Rivian
        RNC
        Robinhood
        Roblox
        Roche
        Rockstar Games
        Rolex
        Rolls-Royce
        Roscosmos
        Rosneft
        Rotary International
        Royal Air Force
        Royal Bank of Canada
        Royal Mail
        Royal Navy
        Royal Society
        Russia Today
        RWE
        Ryanair
        S&P Global
        Saab
        Safaricom
        Safeway
        Sainsbury's
        Salesforce
        Salk Institute
        Salvation Army
        Samsung
        Samsung Electronics
        San Antonio Spurs
        San Francisco 49ers
        San Francisco Giants
        Sanofi
        Santander
        SAP
        Saudi Aramco
        Saudia
        Scale AI
        Scandinavian Airlines
        Schalke
        Schalke 04
        Schlumberger
        Schneider Electric
        Sciences Po
        Scientific American
        Scotiabank
        Scotland Yard
        Scottish National Party
        Scuderia Ferrari
        Seagate
        Seahawks
        Seattle Seahawks
        Security Council
        Sega
        Selfridges
        Senate
        Seoul National University
        Sephora
        Sequoia Capital
        Serie A
        ServiceNow
        Shein
        Shopify
        Siemens
        Singapore Airlines
        Sinn Fein
        Sinn Féin
        Sinopec
        Sixers
        Skoda
        Škoda
        Sky News
        SMBC
        Smithsonian
        Smithsonian Institution
        Snap Inc.
        Snapchat
        SNCF
        SNP
        Social Security Administration
        Société Générale
        SoftBank
        Sony
        Sony Music
        Sony Pictures
        Sorbonne
        South China Morning Post
        Southwest Airlines
        SpaceX
        SPD
        Spiegel
        Spirit Airlines
        Sporting CP
        Sporting Lisbon
        Spotify
        Square Enix
        Squarespace
        SSC Napoli
        St. Louis Cardinals
        Stability AI
        Stack Overflow
        Standard & Poor's
        Standard Chartered
        Stanford
        Stanford University
        Starbucks
        State Bank of India
        State Department
        State Duma
        State Street
        Steelers
        Stellantis
        Straits Times
        Subaru
        Substack
        Süddeutsche Zeitung
        Supreme Court
        Swiss International Air Lines
        Swiss Re
        Swisscom
        Sydney Morning Herald
        T-Mobile
        Taco Bell
        Takeda Pharmaceutical
        Taliban
        Tampa Bay Buccaneers
        TAP Air Portugal
        TASS
        Tata Consultancy Services
        Tata Group
        Tata Motors
        Tata Steel
        Tate Modern
        TCS
        TD Bank
        TechCrunch
        Technical University of Munich
        Technion
        Telefonica
        Telefónica
        Telstra
        Temu
        Tencent
        Tesco
        Tesla
        Teva
        Texas Instruments
        TfL
        Thales
        ThyssenKrupp
        Ticketmaster
        TikTok
        Tim Hortons
        Times of India
        Tinder
        Toronto Blue Jays
        Toronto Maple Leafs
        Toronto Raptors
        Tory Party
        Toshiba
        TotalEnergies
        Tottenham Hotspur
        Toyota
        Trader Joe's
        Transport for London
        Treasury Department
        Trinity College Dublin
        Tripadvisor
        Trivago
        TSA
        Tsinghua
        Tsinghua University
        TSMC
        TU Munich
        Tumblr
        Turkish Airlines
        Twilio
        Twitter
        U.N.
        U.S. Air Force
        U.S. Army
        U.S. Marine Corps
        U.S. Navy
        U.S. Postal Service
        U.S. Steel
        U.S. Treasury
        UBC
        Uber
        Uber Eats
        Ubisoft
        UBS
        UC Berkeley
        UCL
        UCLA
        Udemy
        UEFA
        UFC
        Uffizi
        UN
        UN General Assembly
        UN Security Council
        Under Armour
        UNDP
        UNEP
        UNESCO
        UNHCR
        UNICEF
        UniCredit
        Unilever
        Uniqlo
        United Airlines
        United Nations
        United Russia
        UnitedHealth
        UnitedHealth Group
        Unity Technologies
        Universal Music Group
        Universal Pictures
        University College London
        University of British Columbia
        University of California
        University of Cambridge
        University of Chicago
        University of Edinburgh
        University of Manchester
        University of Melbourne
        University of Michigan
        University of Oxford
        University of Pennsylvania
        University of Sydney
        University of Texas
        University of Tokyo
        University of Toronto
        University of Washington
        UNRWA
        UPenn
        USA Today
        USC
        USPS
        UT Austin
        Vancouver Canucks
        Vanderbilt
        Vanity Fair
        Vattenfall
        Vercel
        Verizon
        Versace
        Vestas
        Virgin Atlantic
        VMware
        Vodafone
        Volkswagen
        Volvo
        VW
        W3C
        Wagner Group
        Waitrose
        Wal-Mart
        Walgreens
        Wall Street Journal
        Walmart
        Walt Disney Company
        Warner Bros.
        Warner Bros. Discovery
        Warner Music Group
        Washington Post
        Wayfair
        Waymo
        WeChat
        WEF
        Weibo
        Weizmann Institute
        Wells Fargo
        West Ham
        West Ham United
        Western Digital
        Western Union
        WestJet
        Westpac
        WFP
        Wharton
        WhatsApp
        Whitehall
        WikiLeaks
        Wikimedia Foundation
        Wikipedia
        Wipro
        Wix
        Wizz Air
        WNBA
        Wolverhampton Wanderers
        World Bank
        World Economic Forum
        World Food Programme
        World Health Organization
        World Trade Organization
        WSJ
        WTA
        WTO
        WWE
        WWF
        xAI
        Xiaomi
        Xinhua
        XPeng
        Y Combinator
        Yahoo
        Yale
        Yale University
        Yamaha
        Yankees
        YMCA
        Yomiuri Shimbun
        YouGov
        YouTube
        Zalando
        ZDF
        Zendesk
        Zillow
        Zomato
        Ørsted
        """

    /// Organisation names whose lowercase form is a common word or a common surname (Apple, Target, Ford).
    static let ambiguousOrganizations = """
        Ajax
        Alphabet
        Amazon
        Apollo
        Apple
        Arm
        Arsenal
        Best Buy
        Billboard
        Blizzard
        Blue Jays
        Bolt
        Boots
        BP
        Canon
        Canonical
        Caterpillar
        CCTV
        Chevron
        Chipotle
        Citadel
        Clippers
        Cohere
        Commonwealth
        Confluent
        Continental
        Converse
        Corona
        Crocs
        Dell
        Delta
        Discord
        Discover
        Dodge
        Domino's
        Dove
        Economist
        Epic Games
        ETH
        Fed
        Fiat
        Fidelity
        Five Guys
        Ford
        Fortune
        Gap
        Genesis
        GM
        Grab
        Guardian
        Home Office
        HP
        ICE
        Independent
        IndiGo
        Intel
        InterContinental
        Intuit
        IRA
        ISO
        Jaguar
        Jeep
        Just Eat
        Kraken
        Labour
        LATAM
        Law and Justice
        Lime
        Mars
        Marvel
        Mercedes
        Meta
        Micron
        Mini
        Mirror
        National Grid
        Nature
        Nestle
        New Balance
        Notion
        Observer
        Olympus
        Oracle
        Paramount
        Perplexity
        Pioneer
        Post
        Puma
        Rangers
        Red Hat
        Ripple
        Rolling Stone
        RT
        Save the Children
        Science
        Sears
        SEC
        Secret Service
        Shell
        Showtime
        Signal
        Slack
        Snap
        Snowflake
        Sprint
        Square
        Staples
        Stripe
        Subway
        Target
        Telegram
        Telegraph
        Times
        Total
        Twitch
        Unity
        Universal
        UPS
        Valve
        Vanguard
        Vans
        Variety
        Vice
        Virgin
        Visa
        Vogue
        White House
        Whole Foods
        Wired
        Workday
        X
        Zoom
        """

    /// Demonyms, nationality and language adjectives, religious and political group words: capitalised like names but not a person, organisation or place.
    static let nationalities = """
        Aboriginal
        Afghan
        Afghans
        African
        Africans
        Afrikaans
        Afrikaner
        Afrikaners
        Alawite
        Albanian
        Albanians
        Algerian
        Algerians
        Amazigh
        American
        Americans
        Amharic
        Amish
        Andalusian
        Anglican
        Anglicans
        Angolan
        Arab
        Arabs
        Aramaic
        Argentine
        Argentines
        Argentinian
        Argentinians
        Armenian
        Armenians
        Asian
        Asians
        Aussie
        Aussies
        Australian
        Australians
        Austrian
        Austrians
        Azerbaijani
        Azerbaijanis
        Azeri
        Balinese
        Balkan
        Baltic
        Bangladeshi
        Bangladeshis
        Baptist
        Baptists
        Basque
        Basques
        Bavarian
        Bavarians
        Bedouin
        Belarusian
        Belarusians
        Belgian
        Belgians
        Bengali
        Berber
        Berbers
        Berliner
        Berliners
        Bolivian
        Bolshevik
        Bolsheviks
        Bosnian
        Bosnians
        Brazilian
        Brazilians
        Breton
        Brexiteer
        Brexiteers
        Brit
        British
        Briton
        Britons
        Brits
        Buddhist
        Buddhists
        Bulgarian
        Bulgarians
        Burmese
        Cajun
        Californian
        Californians
        Cameroonian
        Canadian
        Canadians
        Cantonese
        Castilian
        Catalan
        Catalans
        Catholic
        Catholics
        Caucasian
        Celtic
        Chilean
        Chileans
        Chinese
        Christian
        Christians
        Colombian
        Colombians
        Communist
        Communists
        Confederate
        Confederates
        Confucian
        Congolese
        Copt
        Coptic
        Copts
        Cornish
        Corsican
        Creole
        Croat
        Croatian
        Croats
        Cuban
        Cubans
        Czech
        Czechs
        Dane
        Danes
        Danish
        Dari
        Democrat
        Democrats
        Dominican
        Dominicans
        Druze
        Dutch
        Ecuadorian
        Egyptian
        Egyptians
        Emirati
        Emiratis
        English
        Eritrean
        Eritreans
        Esperanto
        Estonian
        Estonians
        Ethiopian
        Ethiopians
        European
        Europeans
        Evangelical
        Evangelicals
        Farsi
        Filipina
        Filipino
        Filipinos
        Finnish
        Finns
        Flemish
        French
        Frisian
        Gaelic
        Galician
        Gaullist
        Georgian
        Georgians
        German
        Germans
        Ghanaian
        Ghanaians
        Greek
        Greeks
        Guatemalan
        Gujarati
        Haitian
        Haitians
        Haredi
        Hasidic
        Hausa
        Hebrew
        Hindi
        Hindu
        Hindus
        Hispanic
        Hispanics
        Hmong
        Hokkien
        Honduran
        Hungarian
        Hungarians
        Icelander
        Icelanders
        Icelandic
        Igbo
        Indian
        Indians
        Indigenous
        Indonesian
        Indonesians
        Inuit
        Iranian
        Iranians
        Iraqi
        Iraqis
        Irish
        Islamic
        Islamist
        Islamists
        Israeli
        Israelis
        Italian
        Italians
        Ivorian
        Jains
        Jamaican
        Jamaicans
        Japanese
        Javanese
        Jew
        Jewish
        Jews
        Jordanian
        Jordanians
        Kannada
        Kazakh
        Kazakhs
        Kenyan
        Kenyans
        Khmer
        Kiwis
        Korean
        Koreans
        Kurd
        Kurdish
        Kurds
        Kuwaiti
        Labourite
        Labourites
        Lankan
        Lankans
        Lao
        Laotian
        Latin
        Latina
        Latinas
        Latino
        Latinos
        Latinx
        Latvian
        Latvians
        Lebanese
        Leninist
        Libyan
        Libyans
        Lithuanian
        Lithuanians
        Londoner
        Londoners
        Lutheran
        Lutherans
        Macedonian
        Macedonians
        Malagasy
        Malay
        Malayalam
        Malaysian
        Malaysians
        Malian
        Mandarin
        Manx
        Maoist
        Maoists
        Maori
        Māori
        Marathi
        Marxist
        Marxists
        Methodist
        Methodists
        Mexican
        Mexicans
        Mongol
        Mongolian
        Mongols
        Mormon
        Mormons
        Moroccan
        Moroccans
        Mozambican
        Muslim
        Muslims
        Namibian
        Nazi
        Nazis
        Nepalese
        Nepali
        Nicaraguan
        Nigerian
        Nigerians
        Nordic
        Norwegian
        Norwegians
        Occitan
        Omani
        Orthodox
        Pakistani
        Pakistanis
        Palestinian
        Palestinians
        Panamanian
        Paraguayan
        Parisian
        Parisians
        Pashto
        Pashtun
        Pashtuns
        Peronist
        Peronists
        Persian
        Persians
        Peruvian
        Peruvians
        Pole
        Poles
        Polish
        Portuguese
        Presbyterian
        Presbyterians
        Protestant
        Protestants
        Provençal
        Prussian
        Punjabi
        Qatari
        Qataris
        Quaker
        Quakers
        Quebecer
        Quebecers
        Quebecois
        Québécois
        Republican
        Republicans
        Rican
        Ricans
        Rohingya
        Romanian
        Romanians
        Russian
        Russians
        Rwandan
        Rwandans
        Salvadoran
        Salvadorans
        Sámi
        Sanskrit
        Sardinian
        Saudi
        Saudis
        Scandinavian
        Scandinavians
        Scot
        Scots
        Scottish
        Senegalese
        Serb
        Serbian
        Serbs
        Shia
        Shiite
        Shiites
        Shinto
        Sicilian
        Sikh
        Sikhs
        Singaporean
        Singaporeans
        Slav
        Slavic
        Slavs
        Slovak
        Slovaks
        Slovenian
        Slovenians
        Somali
        Somalis
        Soviet
        Soviets
        Spaniard
        Spaniards
        Spanish
        Stalinist
        Sudanese
        Sufi
        Sunni
        Sunnis
        Swahili
        Swede
        Swedes
        Swedish
        Swiss
        Syrian
        Syrians
        Tagalog
        Taiwanese
        Tamil
        Tamils
        Tanzanian
        Tanzanians
        Taoist
        Telugu
        Texan
        Texans
        Thai
        Thais
        Tibetan
        Tibetans
        Tigrinya
        Tories
        Tory
        Trotskyist
        Tuareg
        Tunisian
        Tunisians
        Turk
        Turkish
        Turks
        Ugandan
        Ugandans
        Uighur
        Uighurs
        Ukrainian
        Ukrainians
        Urdu
        Uruguayan
        Uyghur
        Uyghurs
        Uzbek
        Uzbeks
        Venezuelan
        Venezuelans
        Vietnamese
        Walloon
        Welsh
        Wolof
        Xhosa
        Yankee
        Yazidi
        Yazidis
        Yemeni
        Yemenis
        Yiddish
        Yorker
        Yorkers
        Yoruba
        Zambian
        Zealander
        Zealanders
        Zimbabwean
        Zimbabweans
        Zionist
        Zionists
        Zoroastrian
        Zulu
        """

    /// Words that, as the last word of a capitalised sequence, mark an organisation (Acme Inc, Stanford University).
    static let organizationSuffixes = """
        Inc
        Inc.
        Incorporated
        Corp
        Corp.
        Corporation
        Company
        Co
        Co.
        Ltd
        Ltd.
        Limited
        LLC
        L.L.C.
        LLP
        LP
        GmbH
        AG
        KG
        SE
        SA
        S.A.
        SpA
        S.p.A.
        SRL
        S.L.
        NV
        N.V.
        BV
        B.V.
        plc
        PLC
        Pty
        Oy
        ASA
        e.V.
        Group
        Holdings
        Holding
        Partners
        Associates
        Brothers
        Bros.
        Bank
        Bancorp
        Airlines
        Airline
        Airways
        University
        College
        Institute
        Institution
        Foundation
        Association
        Society
        Council
        Committee
        Commission
        Agency
        Authority
        Bureau
        Board
        Department
        Ministry
        Office
        Service
        Services
        Hospital
        Clinic
        School
        Academy
        Conservatory
        Polytechnic
        Seminary
        Labs
        Lab
        Laboratories
        Laboratory
        Technologies
        Technology
        Tech
        Systems
        Solutions
        Software
        Studios
        Studio
        Records
        Media
        News
        Times
        Post
        Press
        Herald
        Tribune
        Gazette
        Chronicle
        Journal
        Magazine
        Telegraph
        Review
        Network
        Networks
        Broadcasting
        Television
        TV
        Radio
        Communications
        Telecom
        Telecommunications
        Motors
        Automotive
        Aerospace
        Robotics
        Electronics
        Electric
        Energy
        Petroleum
        Oil
        Mining
        Steel
        Chemicals
        Pharmaceuticals
        Pharma
        Therapeutics
        Biosciences
        Biotech
        Health
        Healthcare
        Insurance
        Financial
        Finance
        Securities
        Investments
        Capital
        Ventures
        Equity
        Fund
        Trust
        Logistics
        Shipping
        Railways
        Railway
        Railroad
        Industries
        Enterprises
        Entertainment
        Pictures
        Films
        Productions
        Publishing
        Publishers
        Books
        Games
        Interactive
        Dynamics
        Instruments
        Devices
        Semiconductor
        Semiconductors
        Analytics
        Consulting
        Foods
        Brewery
        Brewing
        Distillery
        Winery
        Construction
        Engineering
        Architects
        Realty
        Properties
        Hospitality
        Hotels
        Resorts
        Club
        FC
        AFC
        CF
        SC
        United
        Rovers
        Wanderers
        Athletic
        Albion
        Hotspur
        Team
        League
        Federation
        Alliance
        Coalition
        Movement
        Union
        Party
        Church
        Mosque
        Synagogue
        Ministries
        Mission
        Museum
        Library
        Gallery
        Theatre
        Theater
        Opera
        Orchestra
        Philharmonic
        Symphony
        Choir
        Cafe
        Café
        Coffee
        Bakery
        Restaurant
        Bar
        Pub
        Tavern
        Grill
        Kitchen
        Diner
        Pizzeria
        Bistro
        Hotel
        Inn
        Salon
        Gym
        Fitness
        Center
        Centre
        Police
        Army
        Navy
        Corps
        Forces
        Guard
        Initiative
        Project
        Forum
        Collective
        Cooperative
        Co-op
        Guild
        Assembly
        Tribunal
        Lines
        """

    /// Words that, as the last word of a capitalised sequence, mark a place (Baker Street, Hudson River).
    static let placeSuffixes = """
        Street
        St.
        Avenue
        Ave
        Ave.
        Road
        Rd
        Rd.
        Boulevard
        Blvd
        Blvd.
        Lane
        Drive
        Dr.
        Terrace
        Crescent
        Highway
        Freeway
        Expressway
        Motorway
        Square
        Plaza
        Park
        Bridge
        River
        Lake
        Mountain
        Mountains
        Valley
        Bay
        Beach
        Island
        Islands
        Isle
        Coast
        Peninsula
        County
        City
        Province
        State
        District
        Region
        Territory
        Territories
        Borough
        Township
        Parish
        Prefecture
        Oblast
        Governorate
        Heights
        Hills
        Springs
        Falls
        Harbor
        Harbour
        Canyon
        Forest
        Desert
        Sea
        Ocean
        Gulf
        Strait
        Canal
        Creek
        Glacier
        Volcano
        Reef
        Archipelago
        Plateau
        Plains
        Peak
        Ridge
        Cove
        Gorge
        Pass
        Reservoir
        Airport
        Station
        Village
        Arena
        Stadium
        Tower
        Mall
        """

    /// Words that, as the first word of a capitalised sequence, mark a place (Mount Everest, Lake Tahoe, San Diego).
    static let placePrefixes = """
        Mount
        Mt.
        Mt
        Lake
        Lac
        Lago
        Loch
        Cape
        Port
        Puerto
        Fort
        Saint
        St.
        Ste.
        Sainte
        Sankt
        San
        Santa
        Santo
        São
        Los
        Las
        New
        North
        South
        East
        West
        Northern
        Southern
        Eastern
        Western
        Upper
        Lower
        Greater
        Isle
        Gulf
        Bay
        Rio
        Monte
        """

    /// Titles and honorifics that precede a person name (Dr. Smith, President Macron, Aunt Mary).
    static let personTitles = """
        Mr
        Mr.
        Mrs
        Mrs.
        Ms
        Ms.
        Miss
        Mx
        Mx.
        Dr
        Dr.
        Prof
        Prof.
        Professor
        Sir
        Dame
        Lord
        Lady
        President
        Minister
        Secretary
        Chancellor
        Senator
        Sen.
        Congressman
        Congresswoman
        Rep.
        Representative
        Governor
        Gov.
        Mayor
        Councillor
        Councilman
        Councilwoman
        Ambassador
        Judge
        Justice
        King
        Queen
        Prince
        Princess
        Emperor
        Empress
        Tsar
        Czar
        Sultan
        Emir
        Sheikh
        Sheikha
        Duchess
        Baron
        Baroness
        Countess
        Viscount
        Marquess
        Pope
        Archbishop
        Bishop
        Father
        Fr.
        Rev.
        Reverend
        Pastor
        Deacon
        Rabbi
        Imam
        Ayatollah
        Swami
        Guru
        Shri
        Captain
        Capt.
        Coach
        General
        Gen.
        Lieutenant
        Lt.
        Colonel
        Col.
        Maj.
        Commander
        Cmdr.
        Admiral
        Adm.
        Sergeant
        Sgt.
        Corporal
        Cpl.
        Marshal
        Officer
        Detective
        Det.
        Inspector
        Sheriff
        Agent
        Uncle
        Aunt
        Auntie
        Cousin
        Grandma
        Grandpa
        Herr
        Frau
        Monsieur
        Madame
        Mme
        Mme.
        Mademoiselle
        Mlle
        Señor
        Señora
        Sr.
        Sra.
        Signor
        Signora
        """
}
